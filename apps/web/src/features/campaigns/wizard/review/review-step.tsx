/**
 * The overview step (spec §2 "Campaign steps", §4): key facts with status
 * and phase, the errors left per step, the submit button, the status history
 * and the follow-ups.
 */
import { campaignFamily, CAMPAIGN_STEPS, hasPrizeDraw } from '@backoffice/domain';
import { Alert, Anchor, Button, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import {
  IconCircleCheck,
  IconDeviceMobile,
  IconExternalLink,
  IconLock,
  IconSend,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, translateServerMessage } from '../../../../shared/api/api-error';
import { formatDateTime } from '../../../../shared/format/date-time';
import { paths } from '../../../../shared/paths';
import { notifyError, notifySuccess } from '../../../../shared/ui/notify';
import { useSubmitCampaign } from '../../api/submit-campaign';
import { localisedText } from '../../../../shared/format/localised-text';
import { Followups } from '../../components/followups';
import { PhaseBadge } from '../../components/phase-badge';
import { StatusHistory } from '../../components/status-history';
import { WinnerDraw } from '../../components/winner-draw';
import { useStepName } from '../../components/step-name';
import type { WizardStepProps } from '../step-props';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={180} fw={500}>
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

export function ReviewStep({ envelope }: WizardStepProps) {
  const { t, i18n } = useTranslation();
  const { campaign, state, allow_edit: allowEdit, merchant } = envelope;
  const family = campaignFamily(campaign.type);
  const stepName = useStepName(family);
  const submit = useSubmitCampaign();
  const title = localisedText(campaign.title, i18n.language) || t('campaigns.values.untitled');
  const params = { merchantIdent: merchant.uuid, campaignIdent: campaign.uuid };
  const canSubmit = state.errors.length === 0 && allowEdit;
  const stepsWithErrors = CAMPAIGN_STEPS.filter((candidate) =>
    state.errors.some((error) => error.step === candidate),
  );

  const onSubmit = () =>
    submit.mutate(campaign.uuid, {
      onSuccess: () => notifySuccess(t('campaigns.alerts.submitted')),
      onError: (error) => {
        if (!(error instanceof ApiError) || error.kind !== 'http') return;
        if (error.status === 400) notifyError(t('campaigns.alerts.notSubmittedErrors'));
        else if (error.status === 409) notifyError(t('campaigns.alerts.notSubmittable'));
        else notifyError(t('campaigns.alerts.notSubmitted'));
      },
    });

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="facts">
        <Title order={2} size="h4" id="facts" mb="sm">
          {t('campaigns.overview.details')}
        </Title>
        <Table variant="vertical" withTableBorder={false}>
          <Table.Tbody>
            <Fact label={t('campaigns.overview.campaignTitle')}>{title}</Fact>
            <Fact label={t('campaigns.fields.type')}>{t(`campaigns.types.${campaign.type}`)}</Fact>
            <Fact label={t('campaigns.fields.status')}>
              <span data-testid="status">{t(`campaigns.statuses.${campaign.current_status}`)}</span>
            </Fact>
            <Fact label={t('campaigns.fields.phase')}>
              <PhaseBadge phase={campaign.phase} status={campaign.current_status} />
            </Fact>
            <Fact label={t('campaigns.fields.validFrom')}>
              {formatDateTime(campaign.valid_from) || t('campaigns.values.none')}
            </Fact>
            <Fact label={t('campaigns.fields.validUntil')}>
              {formatDateTime(campaign.valid_until) || t('campaigns.values.none')}
            </Fact>
            <Fact label={t('campaigns.fields.modified')}>
              {formatDateTime(campaign.modified)}
              {campaign.editor &&
                ` ${t('campaigns.values.editedBy', { email: campaign.editor.email })}`}
            </Fact>
            <Fact label={t('campaigns.fields.merchant')}>{merchant.name}</Fact>
            <Fact label={t('campaigns.fields.listable')}>
              {campaign.is_listable ? t('campaigns.values.yes') : t('campaigns.values.no')}
            </Fact>
            <Fact label={t('campaigns.fields.id')}>
              <Text span ff="monospace" size="sm">
                {campaign.uuid}
              </Text>
            </Fact>
          </Table.Tbody>
        </Table>
        <Group gap="xs" mt="md">
          <Button
            component={Link}
            to={paths.campaigns.viewInApp(params)}
            variant="light"
            leftSection={<IconDeviceMobile size={16} aria-hidden />}
          >
            {t('campaigns.actions.viewInApp')}
          </Button>
          <Button
            component="a"
            href={campaign.preview_link}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            leftSection={<IconExternalLink size={16} aria-hidden />}
          >
            {t('campaigns.actions.openPreview')}
          </Button>
        </Group>
      </Card>

      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="errors">
        <Title order={2} size="h4" id="errors" mb="sm">
          {t('campaigns.overview.errorsTitle')}
        </Title>
        {stepsWithErrors.length === 0 ? (
          <Group gap="xs" c="green.7">
            <IconCircleCheck size={18} aria-hidden />
            <Text size="sm">{t('campaigns.overview.noErrors')}</Text>
          </Group>
        ) : (
          <Stack gap="sm" data-testid="step-errors">
            {stepsWithErrors.map((errorStep) => (
              <div key={errorStep}>
                <Anchor
                  component={Link}
                  to={paths.campaigns.step(params, family, errorStep)}
                  fw={600}
                >
                  {stepName(errorStep)}
                </Anchor>
                <List size="sm" c="red.8">
                  {state.errors
                    .filter((error) => error.step === errorStep)
                    .map((error) => (
                      <List.Item key={`${error.fld}-${error.message}`}>
                        {translateServerMessage(t, error.message, error.fld)}
                      </List.Item>
                    ))}
                </List>
              </div>
            ))}
          </Stack>
        )}
        {!allowEdit && (
          <Alert color="gray" variant="light" mt="md" icon={<IconLock size={20} aria-hidden />}>
            {t('campaigns.overview.notEditable')}
          </Alert>
        )}
        <Group mt="md" gap="sm">
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            disabled={!canSubmit}
            loading={submit.isPending}
            onClick={onSubmit}
          >
            {t('campaigns.actions.submit')}
          </Button>
          {canSubmit && (
            <Text size="sm" c="dimmed">
              {t('campaigns.overview.publishHint')}
            </Text>
          )}
        </Group>
      </Card>

      <StatusHistory campaignIdent={campaign.uuid} />
      {hasPrizeDraw(campaign.type) && <WinnerDraw campaign={campaign} />}
      <Followups campaignIdent={campaign.uuid} />
    </Stack>
  );
}
