/** Every open error of the campaign, grouped by step, each linked to its step and field. */
import { CAMPAIGN_STEPS, campaignFamily, type TCampaignEnvelope } from '@backoffice/domain';
import { Anchor, Group, List, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateServerMessage } from '../../../../shared/api/error-text';
import { paths } from '../../../../shared/paths';
import { useStepName } from '../../components/step-name';

export function OpenErrors({
  envelope,
  rejected = false,
}: {
  envelope: TCampaignEnvelope;
  /** A rejection stands: complete steps are not all there is to do. */
  rejected?: boolean;
}) {
  const { t } = useTranslation();
  const { campaign, state, merchant } = envelope;
  const family = campaignFamily(campaign.type);
  const stepName = useStepName(family);
  const params = { merchantIdent: merchant.uuid, campaignIdent: campaign.uuid };
  const steps = CAMPAIGN_STEPS.filter((step) => state.errors.some((error) => error.step === step));
  if (steps.length === 0) {
    return (
      // Beside a rejection, complete steps are no all-clear: no green tick then.
      <Group gap="xs" c={rejected ? undefined : 'green.9'} wrap="nowrap">
        {rejected ? (
          <IconInfoCircle size={18} aria-hidden />
        ) : (
          <IconCircleCheck size={18} aria-hidden />
        )}
        <Text size="sm">
          {rejected ? t('campaigns.overview.noErrorsRejected') : t('campaigns.overview.noErrors')}
        </Text>
      </Group>
    );
  }
  return (
    <Stack gap="sm" data-testid="step-errors">
      {steps.map((step) => (
        <div key={step}>
          <Anchor component={Link} to={paths.campaigns.step(params, family, step)} fw={600}>
            {stepName(step)}
          </Anchor>
          <List size="sm">
            {state.errors
              .filter((error) => error.step === step)
              .map((error) => (
                <List.Item key={`${error.fld}-${error.message}`}>
                  <Anchor
                    component={Link}
                    c="red.8"
                    to={paths.campaigns.stepField(params, family, step, error.fld)}
                  >
                    {translateServerMessage(t, error.message, error.fld)}
                  </Anchor>
                </List.Item>
              ))}
          </List>
        </div>
      ))}
    </Stack>
  );
}
