/**
 * Why the review rejected the campaign, and what to do now: the reason as the admin wrote it and the next step, "Überarbeiten und
 * erneut einreichen", with a link to the first step for those who may edit.
 * Shown from the rejection until the campaign is submitted again.
 */
import { campaignFamily, type TCampaignEnvelope } from '@backoffice/domain';
import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';

export function RejectionNotice({
  reason,
  envelope,
}: {
  reason: string;
  envelope: TCampaignEnvelope;
}) {
  const { t } = useTranslation();
  const { campaign, merchant, allow_edit: allowEdit } = envelope;
  const firstStep = paths.campaigns.step(
    { merchantIdent: merchant.uuid, campaignIdent: campaign.uuid },
    campaignFamily(campaign.type),
    'benefit',
  );
  return (
    <Alert
      color="red"
      variant="light"
      mb="md"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={
        campaign.current_status === 'rejected'
          ? t('campaigns.rejection.title')
          : t('campaigns.rejection.titleReopened')
      }
      data-testid="rejection"
    >
      <Text size="sm" fw={600}>
        {t('campaigns.rejection.reason')}
      </Text>
      {/* The admin's words as written, line breaks included. */}
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>
        {reason}
      </Text>
      <Text size="sm" fw={600} mt="sm">
        {t('campaigns.rejection.nextStep')}
      </Text>
      <Text size="sm">{t('campaigns.rejection.nextHint')}</Text>
      {allowEdit ? (
        <Button component={Link} to={firstStep} size="xs" mt="xs">
          {t('campaigns.rejection.next')}
        </Button>
      ) : (
        <Text size="sm">{t('campaigns.rejection.next')}</Text>
      )}
    </Alert>
  );
}
