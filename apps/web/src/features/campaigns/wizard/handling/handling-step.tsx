/**
 * The flow step (spec §3 Campaign, Coupon): the runtime picked as
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
  type TCoupon,
  CAMPAIGN_TEXT_LIMITS,
} from '@backoffice/domain';
import { Card, NumberInput, Select, SimpleGrid, Stack, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../../shared/ui/date-time-field';
import { StepForm } from '../step-form';
import type { WizardStepProps } from '../step-props';
import { useStepForm } from '../use-step-form';
import { toInteger } from '../wizard-logic';
import { CoregFields, type CoregDraft } from './coreg-fields';

interface HandlingDraft extends CoregDraft {
  valid_from: string | null;
  valid_until: string | null;
  coupon: TCoupon;
  show_map: TCampaignContent['show_map'];
}

const read = (campaign: TCampaign): HandlingDraft => ({
  valid_from: campaign.valid_from,
  valid_until: campaign.valid_until,
  coupon: campaign.coupon,
  show_map: campaign.show_map,
  coreg_suitable: campaign.coreg_suitable,
  coparticipation_targets: campaign.coparticipation_targets,
  coreg_exclusions: campaign.coreg_exclusions,
});

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

export function HandlingStep({ envelope, family }: WizardStepProps) {
  const { t } = useTranslation();
  const isCoupon = family === 'coupon';
  const toPatch = (draft: HandlingDraft) => ({
    valid_from: draft.valid_from,
    valid_until: draft.valid_until,
    show_map: draft.show_map,
    coreg_suitable: draft.coreg_suitable,
    coparticipation_targets: draft.coparticipation_targets,
    coreg_exclusions: draft.coreg_exclusions,
    ...(isCoupon ? { coupon: draft.coupon } : {}),
  });
  const form = useStepForm<HandlingDraft>({ envelope, step: 'handling', read, toPatch });
  const { draft } = form;
  const coupon = draft.coupon;
  const setCoupon = (changes: Partial<TCoupon>) =>
    form.update({ coupon: { ...coupon, ...changes } });
  const dateInput = (key: 'valid_from' | 'valid_until', label: string) => (
    <DateTimeField
      label={label}
      value={draft[key]}
      onChange={(value) => form.update({ [key]: value })}
      {...form.required(key, draft[key])}
    />
  );
  const options = <T extends string>(values: readonly T[], label: (value: T) => string) =>
    values.map((value) => ({ value, label: label(value) }));

  const expiryProps = form.optional('coupon.expiry');
  const couponProps = {
    redemption: form.required('coupon.redemption', coupon.redemption),
    actionHandler: form.required('coupon.action_handler', coupon.action_handler),
  };
  const runtime = {
    from: dateInput('valid_from', t('campaigns.wizard.handling.validFrom')),
    until: dateInput('valid_until', t('campaigns.wizard.handling.validUntil')),
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
            </SimpleGrid>
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
              <DateTimeField
                label={t('campaigns.wizard.handling.expiry')}
                value={coupon.expiry}
                onChange={(expiry) => setCoupon({ expiry })}
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
      <CoregFields
        envelope={envelope}
        draft={draft}
        onChange={form.update}
        fieldProps={form.optional}
      />
    </StepForm>
  );
}
