/**
 * Submitting from the review (spec §4 "Flow"): possible only without open
 * errors (clones count as valid: their steps are saved); success opens the
 * post-submit screen, a refusal says the campaign could not be submitted.
 */
import { campaignFamily, type TCampaignEnvelope } from '@backoffice/domain';
import { Alert, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconLock, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../../shared/api/api-error';
import { paths } from '../../../../shared/paths';
import { useSession } from '../../../../shared/session/session-store';
import { notifyError, notifySuccess } from '../../../../shared/ui/notify';
import { useSubmitCampaign } from '../../api/submit-campaign';
import { OpenErrors } from './open-errors';

export function SubmitPanel({ envelope }: { envelope: TCampaignEnvelope }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submit = useSubmitCampaign();
  const { user } = useSession();
  // Agencies' and admins' campaigns are published within minutes (spec §4 "Flow").
  const fast = user?.level === 'agency' || user?.level === 'admin';
  const { campaign, state, allow_edit: allowEdit, merchant } = envelope;
  const canSubmit = allowEdit && state.errors.length === 0;

  const onSubmit = () =>
    submit.mutate(campaign.uuid, {
      onSuccess: (submitted) => {
        notifySuccess(t('campaigns.alerts.submitted'));
        void navigate(
          paths.campaigns.submitted(
            { merchantIdent: merchant.uuid, campaignIdent: submitted.campaign.uuid },
            campaignFamily(submitted.campaign.type),
          ),
        );
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || error.kind !== 'http') return;
        if (error.status === 400) notifyError(t('campaigns.alerts.notSubmittedErrors'));
        else if (error.status === 409) notifyError(t('campaigns.alerts.notSubmittable'));
        else notifyError(t('campaigns.alerts.notSubmitted'));
      },
    });

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="errors">
      <Title order={2} size="h4" id="errors" mb="sm">
        {t('campaigns.overview.errorsTitle')}
      </Title>
      <OpenErrors envelope={envelope} />
      {!allowEdit && (
        <Alert color="gray" variant="light" mt="md" icon={<IconLock size={20} aria-hidden />}>
          {t('campaigns.overview.notEditable')}
        </Alert>
      )}
      {allowEdit && (
        <Group mt="md" gap="sm">
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            disabled={!canSubmit}
            loading={submit.isPending}
            onClick={onSubmit}
          >
            {t('campaigns.actions.submit')}
          </Button>
          <Text size="sm" c="dimmed">
            {!canSubmit
              ? t('campaigns.summary.fixFirst')
              : fast
                ? t('campaigns.summary.publishHintFast')
                : t('campaigns.overview.publishHint')}
          </Text>
        </Group>
      )}
    </Card>
  );
}
