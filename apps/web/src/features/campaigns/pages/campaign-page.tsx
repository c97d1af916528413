/**
 * The pages of one campaign: /{m}/campaigns/{family}/{c} and its steps
 * (spec §2). Each step route shows the campaign overview under the step's
 * name: key facts with status and phase, the errors per step, the submit
 * button, the status history and the followups. Tips are for admins and
 * agencies (spec §6); a URL with the wrong family is corrected.
 */
import {
  campaignFamily,
  canUseRequiredDataStep,
  CAMPAIGN_STEPS,
  effectiveMerchantLevel,
  STEP_MESSAGES,
  type StepMessage,
  type TCampaignEnvelope,
} from '@backoffice/domain';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  List,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCircleCheck,
  IconDeviceMobile,
  IconExternalLink,
  IconLock,
  IconSend,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { formatDateTime } from '../../../shared/format/date-time';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { useCampaign } from '../api/get-campaign';
import { useSubmitCampaign } from '../api/submit-campaign';
import { localisedText } from '../campaign-text';
import { Followups } from '../components/followups';
import { PhaseBadge } from '../components/phase-badge';
import { StatusHistory } from '../components/status-history';
import { useStepName } from '../components/step-name';
import { StepNav } from '../components/step-nav';
import { useCampaignStepRoute } from '../step-route';

const isStepMessage = (message: string): message is StepMessage =>
  (STEP_MESSAGES as readonly string[]).includes(message);

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
  return <CampaignOverview envelope={envelope} />;
}

function CampaignOverview({ envelope }: { envelope: TCampaignEnvelope }) {
  const { t, i18n } = useTranslation();
  const route = useCampaignStepRoute();
  const { user } = useSession();
  const { campaign, state, allow_edit: allowEdit, merchant } = envelope;
  const family = campaignFamily(campaign.type);
  const step = route?.campaignStep ?? 'benefit';
  const stepName = useStepName(family);
  const level = effectiveMerchantLevel(user?.level ?? 'other', merchant.level);
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
    <Grid gap="lg" py="md">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Card withBorder radius="md" padding="xs">
          <StepNav envelope={envelope} family={family} current={step} merchantLevel={level} />
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="md">
          <div>
            <Title order={1}>{stepName(step)}</Title>
            <Text c="dimmed" data-testid="campaign-title">
              {title}
            </Text>
          </div>

          {step === 'requireddata' && !canUseRequiredDataStep(level) && (
            <Alert color="yellow" variant="light" icon={<IconLock size={20} aria-hidden />}>
              {t('campaigns.overview.stepNotAvailable')}
            </Alert>
          )}

          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="facts">
            <Title order={2} size="h4" id="facts" mb="sm">
              {t('campaigns.overview.details')}
            </Title>
            <Table variant="vertical" withTableBorder={false}>
              <Table.Tbody>
                <Fact label={t('campaigns.overview.campaignTitle')}>{title}</Fact>
                <Fact label={t('campaigns.fields.type')}>
                  {t(`campaigns.types.${campaign.type}`)}
                </Fact>
                <Fact label={t('campaigns.fields.status')}>
                  <span data-testid="status">
                    {t(`campaigns.statuses.${campaign.current_status}`)}
                  </span>
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
                  <Text span ff="monospace" size="sm" data-testid="campaign-id">
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
                            {isStepMessage(error.message)
                              ? t(`campaigns.stepErrors.${error.message}`, { field: error.fld })
                              : t('campaigns.stepErrors.other', {
                                  message: error.message,
                                  field: error.fld,
                                })}
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
          <Followups campaignIdent={campaign.uuid} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

export { CampaignPage as Component };
