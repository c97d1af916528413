/**
 * The post-submit screen (spec §2 "Other screens", §4 "Flow"): what happens
 * next — agencies' and admins' campaigns are published within minutes,
 * everyone else's are reviewed and published within 24 hours — with links to
 * the preview, the list, and the creation of a follow-up.
 */
import {
  campaignFamily,
  canCreateFollowup,
  effectiveMerchantLevel,
  type TCampaignEnvelope,
} from '@backoffice/domain';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { campaignTitle } from '../../../shared/resources/campaigns/campaign-title';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { useCampaign } from '../api/get-campaign';
import { CampaignLoadState } from '../components/campaign-load-state';
import { CreateFollowupButton } from '../components/create-followup-button';
import { PreviewButtons } from '../components/preview-buttons';

export function CampaignSubmittedPage() {
  const { merchantIdent = '', campaignIdent = '' } = useParams();
  const query = useCampaign(campaignIdent);
  if (!query.data) {
    return <CampaignLoadState query={query} merchantIdent={merchantIdent} />;
  }
  return <Submitted envelope={query.data} />;
}

function Submitted({ envelope }: { envelope: TCampaignEnvelope }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const { campaign, merchant } = envelope;
  const family = campaignFamily(campaign.type);
  const params = { merchantIdent: merchant.uuid, campaignIdent: campaign.uuid };
  const title = campaignTitle(campaign.title, i18n.language, t);
  const fast = user?.level === 'agency' || user?.level === 'admin';
  const submitted = campaign.current_status !== 'created' && campaign.current_status !== 'rejected';
  const level = effectiveMerchantLevel(user?.level ?? 'other', merchant.level);

  return (
    <Stack py="md" maw={760} gap="md">
      <Title order={1}>{t('campaigns.submitted.title')}</Title>
      <Text c="dimmed" data-testid="campaign-title">
        {title}
      </Text>
      {submitted ? (
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck size={20} aria-hidden />}
          data-testid="next-steps"
        >
          <Text fw={600}>{t('campaigns.submitted.done')}</Text>
          <Text size="sm">
            {fast ? t('campaigns.submitted.nextFast') : t('campaigns.submitted.nextReview')}
          </Text>
        </Alert>
      ) : (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={20} aria-hidden />}>
          {t('campaigns.submitted.notYet')}
        </Alert>
      )}
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('campaigns.submitted.whatNow')}
          </Title>
          <Group gap="xs">
            <PreviewButtons merchantIdent={merchant.uuid} campaign={campaign} />
            <Button
              component={Link}
              to={paths.campaigns.list({ merchantIdent: merchant.uuid })}
              variant="default"
              leftSection={<IconList size={16} aria-hidden />}
            >
              {t('campaigns.actions.backToList')}
            </Button>
            <Button component={Link} to={paths.campaigns.review(params, family)} variant="subtle">
              {t('campaigns.submitted.toReview')}
            </Button>
          </Group>
          {canCreateFollowup(level) && (
            <Group gap="sm">
              <CreateFollowupButton campaignIdent={campaign.uuid} title={title} />
              <Text size="sm" c="dimmed">
                {t('campaigns.submitted.followupHint')}
              </Text>
            </Group>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

export { CampaignSubmittedPage as Component };
