/**
 * The flow step (spec §3 Campaign, Coupon): the runtime as dd.MM.yyyy HH:mm,
 * and for coupons the code, redemption, expiry and the maximum number of
 * participants; where the app shows the map.
 */
import {
  COUPON_ACTION_HANDLERS,
  COUPON_CODE_TYPES,
  COUPON_REDEMPTIONS,
  SHOW_MAP_OPTIONS,
  type StepError,
  type TCampaign,
  type TCampaignContent,
  type TCoupon,
  CAMPAIGN_TEXT_LIMITS,
} from '@backoffice/domain';
import {
  Card,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/date-time';
import { StepForm } from '../step-form';
import type { WizardStepProps } from '../step-props';
import { useStepForm } from '../use-step-form';
import { parseDateTime, toInteger } from '../wizard-logic';

interface HandlingDraft {
  validFrom: string;
  validUntil: string;
  expiry: string;
  coupon: TCoupon;
  show_map: TCampaignContent['show_map'];
}

const read = (campaign: TCampaign): HandlingDraft => ({
  validFrom: formatDateTime(campaign.valid_from),
  validUntil: formatDateTime(campaign.valid_until),
  expiry: formatDateTime(campaign.coupon.expiry),
  coupon: campaign.coupon,
  show_map: campaign.show_map,
});

const DATE_FIELDS = [
  ['validFrom', 'valid_from'],
  ['validUntil', 'valid_until'],
  ['expiry', 'coupon.expiry'],
] as const;

/** A date typed in another format cannot be sent: it is reported in the browser. */
const inputErrors = (draft: HandlingDraft): StepError[] =>
  DATE_FIELDS.filter(([key]) => parseDateTime(draft[key]) === undefined).map(([, fld]) => ({
    step: 'handling',
    fld,
    message: 'invalid_value',
  }));

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

export function HandlingStep({ envelope, family }: WizardStepProps) {
  const { t } = useTranslation();
  const isCoupon = family === 'coupon';
  const toPatch = (draft: HandlingDraft) => ({
    valid_from: parseDateTime(draft.validFrom) ?? null,
    valid_until: parseDateTime(draft.validUntil) ?? null,
    show_map: draft.show_map,
    ...(isCoupon
      ? { coupon: { ...draft.coupon, expiry: parseDateTime(draft.expiry) ?? null } }
      : {}),
  });
  const form = useStepForm<HandlingDraft>({
    envelope,
    step: 'handling',
    read,
    toPatch,
    inputErrors,
  });
  const { draft } = form;
  const coupon = draft.coupon;
  const setCoupon = (changes: Partial<TCoupon>) =>
    form.update({ coupon: { ...coupon, ...changes } });
  const dateError = (key: (typeof DATE_FIELDS)[number][0], error: string | undefined) =>
    parseDateTime(draft[key]) === undefined && error !== undefined
      ? t('campaigns.wizard.errors.invalidDate')
      : error;
  const dateInput = (key: 'validFrom' | 'validUntil', fld: string, label: string) => {
    const props = form.required(fld, draft[key]);
    return (
      <TextInput
        label={label}
        placeholder={t('campaigns.wizard.handling.dateTimePlaceholder')}
        value={draft[key]}
        onChange={(event) => form.update({ [key]: event.currentTarget.value })}
        {...props}
        error={dateError(key, props.error)}
      />
    );
  };
  const options = <T extends string>(values: readonly T[], label: (value: T) => string) =>
    values.map((value) => ({ value, label: label(value) }));

  const expiryProps = {
    ...form.optional('coupon.expiry'),
    error: dateError('expiry', form.optional('coupon.expiry').error),
  };
  const couponProps = {
    redemption: form.required('coupon.redemption', coupon.redemption),
    singleCode: form.required('coupon.single_code', coupon.single_code),
    actionHandler: form.required('coupon.action_handler', coupon.action_handler),
  };
  const runtime = {
    from: dateInput('validFrom', 'valid_from', t('campaigns.wizard.handling.validFrom')),
    until: dateInput('validUntil', 'valid_until', t('campaigns.wizard.handling.validUntil')),
  };
  return (
    <StepForm form={form}>
      <Title order={2} size="h4">
        {t('campaigns.wizard.handling.runtime')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {runtime.from}
        {runtime.until}
      </SimpleGrid>
      <Select
        label={t('campaigns.wizard.handling.showMap')}
        data={options(SHOW_MAP_OPTIONS, (value) =>
          t(`campaigns.wizard.handling.showMapOptions.${value}`),
        )}
        value={draft.show_map}
        onChange={(value) => form.update({ show_map: oneOf(SHOW_MAP_OPTIONS, value) ?? 'never' })}
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
                label={t('campaigns.wizard.handling.redemption')}
                data={options(COUPON_REDEMPTIONS, (value) =>
                  t(`campaigns.wizard.handling.redemptions.${value}`),
                )}
                value={coupon.redemption}
                onChange={(value) => setCoupon({ redemption: oneOf(COUPON_REDEMPTIONS, value) })}
                allowDeselect={false}
                {...couponProps.redemption}
              />
              <Select
                label={t('campaigns.wizard.handling.codeType')}
                data={options(COUPON_CODE_TYPES, (value) =>
                  t(`campaigns.wizard.handling.codeTypes.${value}`),
                )}
                value={coupon.code_type}
                onChange={(value) =>
                  setCoupon({ code_type: oneOf(COUPON_CODE_TYPES, value) ?? 'none' })
                }
                allowDeselect={false}
              />
            </SimpleGrid>
            {coupon.code_type === 'single' && (
              <TextInput
                label={t('campaigns.wizard.handling.singleCode')}
                value={coupon.single_code}
                onChange={(event) => setCoupon({ single_code: event.currentTarget.value })}
                maxLength={CAMPAIGN_TEXT_LIMITS.coupon_single_code}
                {...couponProps.singleCode}
              />
            )}
            {coupon.code_type === 'multiple' && (
              <Text size="sm" c="dimmed">
                {t('campaigns.wizard.handling.multipleCodesHint')}
              </Text>
            )}
            {coupon.redemption === 'user_action' && (
              <>
                <Select
                  label={t('campaigns.wizard.handling.actionHandler')}
                  data={options(COUPON_ACTION_HANDLERS, (value) =>
                    t(`campaigns.wizard.handling.actionHandlers.${value}`),
                  )}
                  value={coupon.action_handler}
                  onChange={(value) =>
                    setCoupon({ action_handler: oneOf(COUPON_ACTION_HANDLERS, value) })
                  }
                  allowDeselect={false}
                  {...couponProps.actionHandler}
                />
                <Textarea
                  label={t('campaigns.wizard.handling.actionInstructions')}
                  value={coupon.action_instructions}
                  onChange={(event) =>
                    setCoupon({ action_instructions: event.currentTarget.value })
                  }
                  autosize
                  minRows={2}
                  maxLength={CAMPAIGN_TEXT_LIMITS.coupon_action_instructions}
                />
              </>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('campaigns.wizard.handling.expiry')}
                placeholder={t('campaigns.wizard.handling.dateTimePlaceholder')}
                value={draft.expiry}
                onChange={(event) => form.update({ expiry: event.currentTarget.value })}
                {...expiryProps}
              />
              <NumberInput
                label={t('campaigns.wizard.handling.maxParticipants')}
                description={t('campaigns.wizard.handling.maxParticipantsHint')}
                value={coupon.max_participants ?? ''}
                onChange={(value) => setCoupon({ max_participants: toInteger(value) })}
                min={1}
                allowDecimal={false}
                allowNegative={false}
              />
            </SimpleGrid>
          </Stack>
        </Card>
      )}
    </StepForm>
  );
}
