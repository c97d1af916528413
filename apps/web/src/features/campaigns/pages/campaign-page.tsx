/**
 * The pages of one campaign: /{m}/campaigns/{family}/{c} and its steps
 * (spec §2 "Campaign steps"). Loads the campaign, corrects a URL with the
 * wrong family or merchant, and shows the wizard: the side list of steps
 * with their marks and the current step. Tips are for admins and agencies
 * (spec §6; the route's guard).
 */
import { campaignFamily } from '@backoffice/domain';
import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { useCampaign } from '../api/get-campaign';
import { useCampaignStepRoute } from '../step-route';
import { CampaignWizard } from '../wizard/campaign-wizard';

export function CampaignPage() {
  const { t } = useTranslation();
  const { merchantIdent = '', campaignIdent = '' } = useParams();
  const route = useCampaignStepRoute();
  const family = route?.campaignFamily ?? 'coupon';
  const step = route?.campaignStep ?? 'benefit';
  const query = useCampaign(campaignIdent);

  if (query.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={t('app.loading')} />
      </Group>
    );
  }
  if (!query.data) {
    return (
      <Stack py="md" maw={720}>
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
          {t('campaigns.overview.notFound')}
        </Alert>
        <div>
          <Button component={Link} to={paths.campaigns.list({ merchantIdent })} variant="light">
            {t('campaigns.actions.backToList')}
          </Button>
        </div>
      </Stack>
    );
  }

  const envelope = query.data;
  const actualFamily = campaignFamily(envelope.campaign.type);
  if (actualFamily !== family || envelope.merchant.uuid !== merchantIdent) {
    const target = paths.campaigns.step(
      { merchantIdent: envelope.merchant.uuid, campaignIdent },
      actualFamily,
      step,
    );
    return <Navigate to={target} replace />;
  }
  return <CampaignWizard envelope={envelope} family={actualFamily} step={step} />;
}

export { CampaignPage as Component };
