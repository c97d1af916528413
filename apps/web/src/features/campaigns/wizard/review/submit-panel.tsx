/**
 * Submitting from the review (docs/product.md#the-campaign-wizard): possible only without open
 * errors (clones count as valid: their steps are saved); it asks first
 * (a submitted campaign cannot be edited); success opens the post-submit
 * screen, a refusal says the campaign could not be submitted. A rejected
 * campaign shows why the review rejected it, with the next step.
 */
import { campaignFamily, type TCampaignEnvelope } from '@backoffice/domain';
import { Alert, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconLock, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../../shared/api/api-error';
import { busyUntilLeft } from '../../../../shared/api/leaving-mutation';
import { ConfirmModal } from '../../../../shared/ui/confirm-modal';
import { paths } from '../../../../shared/paths';
import { useSession } from '../../../../shared/session/session-store';
import { notifyError, notifySuccess } from '../../../../shared/ui/notify';
import { useSubmitCampaign } from '../../api/submit-campaign';
import { OpenErrors } from './open-errors';
import { RejectionNotice } from './rejection-notice';

export function SubmitPanel({ envelope }: { envelope: TCampaignEnvelope }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const submit = useSubmitCampaign();
  const { user } = useSession();
  // Agencies' and admins' campaigns are published within minutes (docs/product.md#campaign-states "Flow").
  const fast = user?.level === 'agency' || user?.level === 'admin';
  const { campaign, state, allow_edit: allowEdit, merchant } = envelope;
  const canSubmit = allowEdit && state.errors.length === 0;
  const rejection = campaign.rejection_reason;
  const [asking, setAsking] = useState(false);

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
        setAsking(false);
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
      {rejection !== null && <RejectionNotice reason={rejection} envelope={envelope} />}
      <OpenErrors envelope={envelope} rejected={rejection !== null} />
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
            aria-haspopup="dialog"
            onClick={() => setAsking(true)}
          >
            {rejection !== null ? t('campaigns.actions.resubmit') : t('campaigns.actions.submit')}
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
      <ConfirmModal
        opened={asking}
        title={t('campaigns.submit.title')}
        cancelLabel={t('campaigns.confirm.cancel')}
        confirmLabel={t('campaigns.submit.confirm')}
        confirmIcon={<IconSend size={16} aria-hidden />}
        busy={busyUntilLeft(submit)}
        onConfirm={onSubmit}
        onClose={() => setAsking(false)}
      >
        {fast ? t('campaigns.submit.questionFast') : t('campaigns.submit.question')}
      </ConfirmModal>
    </Card>
  );
}
