/**
 * The flow step (docs/product.md#campaigns, Coupon): the runtime picked as
 * dd.MM.yyyy HH:mm in the configured time zone, and for coupons the code,
 * redemption, expiry and the maximum number of participants; where the app
 * shows the map; co-registration and co-participation.
 */
import {
  COUPON_ACTION_HANDLERS,
  COUPON_REDEMPTIONS,
  SHOW_MAP_OPTIONS,
  type TCampaign,
  type TCampaignContent,
  type StepError,
  type TCoupon,
  CAMPAIGN_TEXT_LIMITS,
} from '@backoffice/domain';
import { Card, NumberInput, Select, SimpleGrid, Stack, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTimeField, isUnreadableDate } from '../../../../shared/ui/date-time-field';
import { StepForm } from '../step-form';
import type { WizardStepProps } from '../step-props';
import { useStepForm } from '../use-step-form';
import { toInteger } from '../wizard-logic';
import { CoregFields, type CoregDraft } from './coreg-fields';

type HandlingDraft = CoregDraft & {
  valid_from: string | null;
  valid_until: string | null;
  coupon: TCoupon;
  show_map: TCampaignContent['show_map'];
};

const read = (campaign: TCampaign): HandlingDraft => ({
  valid_from: campaign.valid_from,
  valid_until: campaign.valid_until,
  coupon: campaign.coupon,
  show_map: campaign.show_map,
  coreg_suitable: campaign.coreg_suitable,
  coparticipation_targets: campaign.coparticipation_targets,
  coreg_exclusions: campaign.coreg_exclusions,
});

/** The step's dates by field, as the date fields hold them. */
const datesOf = (values: HandlingDraft) => ({
  valid_from: values.valid_from,
  valid_until: values.valid_until,
  'coupon.expiry': values.coupon.expiry,
});

/** A date the field could not read counts as none for the rules; it is never sent (inputErrors). */
const readable = (value: string | null) => (isUnreadableDate(value) ? null : value);

/** The dates typed in a form the field cannot read: the step is not saved with them. */
const unreadableDates = (values: HandlingDraft): StepError[] =>
  Object.entries(datesOf(values))
    .filter(([, value]) => isUnreadableDate(value))
    .map(([fld]) => ({ step: 'handling', fld, message: 'invalid_value' }));

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

export function HandlingStep({ envelope, family }: WizardStepProps) {
  const { t } = useTranslation();
  const isCoupon = family === 'coupon';
  const toPatch = (values: HandlingDraft) => ({
    valid_from: readable(values.valid_from),
    valid_until: readable(values.valid_until),
    show_map: values.show_map,
    coreg_suitable: values.coreg_suitable,
    coparticipation_targets: values.coparticipation_targets,
    coreg_exclusions: values.coreg_exclusions,
    ...(isCoupon ? { coupon: { ...values.coupon, expiry: readable(values.coupon.expiry) } } : {}),
  });
  const form = useStepForm<HandlingDraft>({
    envelope,
    step: 'handling',
    read,
    toPatch,
    inputErrors: unreadableDates,
  });
  const coupon = form.values.coupon;
  const options = <T extends string>(values: readonly T[], label: (value: T) => string) =>
    values.map((value) => ({ value, label: label(value) }));

  return (
    <StepForm form={form}>
      <Title order={2} size="h4">
        {t('campaigns.wizard.handling.runtime')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateTimeField
          {...form.getInputProps('valid_from', { required: true })}
          value={form.values.valid_from}
          label={t('campaigns.wizard.handling.validFrom')}
        />
        <DateTimeField
          {...form.getInputProps('valid_until', { required: true })}
          value={form.values.valid_until}
          endOfDay
          label={t('campaigns.wizard.handling.validUntil')}
        />
      </SimpleGrid>
      <Select
        label={t('campaigns.wizard.handling.showMap')}
        data={options(SHOW_MAP_OPTIONS, (value) =>
          t(`campaigns.wizard.handling.showMapOptions.${value}`),
        )}
        value={form.values.show_map}
        onChange={(value) =>
          form.setFieldValue('show_map', oneOf(SHOW_MAP_OPTIONS, value) ?? 'never')
        }
        allowDeselect={false}
        w={280}
      />
      {isCoupon && (
        <Card withBorder radius="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('campaigns.wizard.handling.coupon')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                {...form.getInputProps('coupon.redemption', { required: true })}
                onChange={(value: string | null) =>
                  form.setFieldValue('coupon.redemption', oneOf(COUPON_REDEMPTIONS, value))
                }
                label={t('campaigns.wizard.handling.redemption')}
                data={options(COUPON_REDEMPTIONS, (value) =>
                  t(`campaigns.wizard.handling.redemptions.${value}`),
                )}
                allowDeselect={false}
              />
            </SimpleGrid>
            {coupon.redemption === 'user_action' && (
              <>
                <Select
                  {...form.getInputProps('coupon.action_handler', { required: true })}
                  onChange={(value: string | null) =>
                    form.setFieldValue(
                      'coupon.action_handler',
                      oneOf(COUPON_ACTION_HANDLERS, value),
                    )
                  }
                  label={t('campaigns.wizard.handling.actionHandler')}
                  data={options(COUPON_ACTION_HANDLERS, (value) =>
                    t(`campaigns.wizard.handling.actionHandlers.${value}`),
                  )}
                  allowDeselect={false}
                />
                <Textarea
                  {...form.getInputProps('coupon.action_instructions')}
                  label={t('campaigns.wizard.handling.actionInstructions')}
                  autosize
                  minRows={2}
                  maxLength={CAMPAIGN_TEXT_LIMITS.coupon_action_instructions}
                />
              </>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DateTimeField
                {...form.getInputProps('coupon.expiry')}
                value={coupon.expiry}
                endOfDay
                label={t('campaigns.wizard.handling.expiry')}
              />
              <NumberInput
                {...form.getInputProps('coupon.max_participants')}
                value={coupon.max_participants ?? ''}
                onChange={(value: number | string) =>
                  form.setFieldValue('coupon.max_participants', toInteger(value))
                }
                label={t('campaigns.wizard.handling.maxParticipants')}
                description={t('campaigns.wizard.handling.maxParticipantsHint')}
                min={1}
                allowDecimal={false}
                allowNegative={false}
              />
            </SimpleGrid>
          </Stack>
        </Card>
      )}
      <CoregFields envelope={envelope} getInputProps={form.getInputProps} />
    </StepForm>
  );
}
