/**
 * The benefit step (spec §3 "Benefit fields", "Prize"): prizes with their
 * total value for sweepstakes and sweepstake tips, the coupon sub-types'
 * amounts, the offer tip's prices; standard and generic tips have none.
 */
import {
  CODES_CLOSED_STATUSES,
  PRIZE_REDEMPTIONS,
  campaignFamily,
  hasPrizeDraw,
  uniqueCodePrizeNeed,
  type CampaignType,
  totalPrizeValue,
  type TBenefit,
  type TCampaign,
  type TCoupon,
  type TPrize,
  CAMPAIGN_TEXT_LIMITS,
} from '@backoffice/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../../shared/config/runtime-config';
import { formatAmount, formatCents } from '../../../../shared/format/number';
import { useCodeList } from '../../api/multiple-codes';
import { CodesSection } from '../codes/codes-section';
import { CouponCodeFields } from '../codes/coupon-code-fields';
import { MoneyInput } from '../money-input';
import { StepForm } from '../step-form';
import type { WizardStepProps } from '../step-props';
import { useStepForm, type StepFormState } from '../use-step-form';
import { toInteger } from '../wizard-logic';

interface BenefitDraft {
  benefit: TBenefit;
  prizes: TPrize[];
  manual_draw: boolean;
  coupon: TCoupon;
}

const read = (campaign: TCampaign): BenefitDraft => ({
  benefit: campaign.benefit,
  prizes: campaign.prizes,
  manual_draw: campaign.manual_draw,
  coupon: campaign.coupon,
});

const emptyPrize = (): TPrize => ({
  count: 1,
  value: null,
  name: '',
  short_description: '',
  win_needs_response: false,
  winner_instructions: '',
  redemption: null,
});

type Form = StepFormState<BenefitDraft>;

export function BenefitStep({ envelope }: WizardStepProps) {
  const { campaign } = envelope;
  const type = campaign.type;
  const sweepstake = hasPrizeDraw(type);
  const coupon = campaignFamily(type) === 'coupon';
  // Page 1 of the codes section: its counts also feed the unique-code prize rule.
  const codes = useCodeList(campaign.uuid, 1, sweepstake || coupon);
  const form = useStepForm<BenefitDraft>({
    envelope,
    step: 'benefit',
    read,
    toPatch: (draft) =>
      sweepstake
        ? { prizes: draft.prizes, manual_draw: draft.manual_draw }
        : coupon
          ? { benefit: draft.benefit, coupon: draft.coupon }
          : { benefit: draft.benefit },
    ...(codes.data ? { availableCodes: codes.data.available } : {}),
  });
  const { draft } = form;
  const prizeNeed = sweepstake ? uniqueCodePrizeNeed(draft) : 0;
  const multiple = coupon && draft.coupon.code_type === 'multiple';
  // The codes are stored as they are added, apart from the step's save (and
  // may still be added once the campaign is submitted): outside the form.
  return (
    <Stack gap="lg">
      <StepForm form={form}>
        {sweepstake ? <Prizes form={form} /> : <CouponBenefit form={form} type={type} />}
        {coupon && (
          <CouponCodeFields
            coupon={draft.coupon}
            onChange={(changes) => form.update({ coupon: { ...draft.coupon, ...changes } })}
            singleCodeProps={form.required('coupon.single_code', draft.coupon.single_code)}
            readOnly={form.readOnly}
          />
        )}
      </StepForm>
      {(multiple || prizeNeed > 0) && (
        <CodesSection
          campaignId={campaign.uuid}
          warnWhenEmpty={multiple}
          prizeNeed={sweepstake ? prizeNeed : undefined}
          canAdd={!(CODES_CLOSED_STATUSES as readonly string[]).includes(campaign.current_status)}
        />
      )}
    </Stack>
  );
}

function Prizes({ form }: { form: Form }) {
  const { t } = useTranslation();
  const { currency } = useConfig();
  const { prizes, manual_draw } = form.draft;
  const setPrize = (index: number, changes: Partial<TPrize>) =>
    form.update({
      prizes: prizes.map((prize, at) => (at === index ? { ...prize, ...changes } : prize)),
    });
  const prizesError = form.optional('prizes').error;
  const total = formatAmount(totalPrizeValue(prizes), currency);
  return (
    <>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('campaigns.wizard.benefit.prizesTitle')}
        </Title>
        <Text data-testid="prize-total">
          {t('campaigns.wizard.benefit.total')}:{' '}
          <Text span fw={600}>
            {total}
          </Text>
        </Text>
      </Group>
      {prizes.length === 0 && (
        <Text c={prizesError ? 'red.7' : 'dimmed'} size="sm" data-field="prizes">
          {prizesError ?? t('campaigns.wizard.benefit.noPrizes')}
        </Text>
      )}
      {prizes.map((prize, index) => (
        <PrizeCard
          key={index}
          form={form}
          prize={prize}
          index={index}
          onChange={(changes) => setPrize(index, changes)}
          onRemove={() => form.update({ prizes: prizes.filter((_, at) => at !== index) })}
        />
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.update({ prizes: [...prizes, emptyPrize()] })}
        >
          {t('campaigns.wizard.benefit.addPrize')}
        </Button>
      </Group>
      <Checkbox
        label={t('campaigns.wizard.benefit.manualDraw')}
        checked={manual_draw}
        onChange={(event) => form.update({ manual_draw: event.currentTarget.checked })}
      />
    </>
  );
}

interface PrizeCardProps {
  form: Form;
  prize: TPrize;
  index: number;
  onChange: (changes: Partial<TPrize>) => void;
  onRemove: () => void;
}

function PrizeCard({ form, prize, index, onChange, onRemove }: PrizeCardProps) {
  const { t } = useTranslation();
  const number = index + 1;
  const fld = (name: keyof TPrize) => `prizes.${index}.${name}`;
  const props = {
    count: form.required(fld('count'), prize.count),
    value: form.required(fld('value'), prize.value),
    redemption: form.required(fld('redemption'), prize.redemption),
    name: form.required(fld('name'), prize.name),
    shortDescription: form.optional(fld('short_description')),
    winnerInstructions: form.optional(fld('winner_instructions')),
  };
  return (
    <Card
      withBorder
      radius="md"
      component="fieldset"
      aria-label={t('campaigns.wizard.benefit.prizeTitle', { number })}
      data-testid="prize"
    >
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('campaigns.wizard.benefit.prizeTitle', { number })}</Text>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('campaigns.wizard.benefit.removePrize', { number })}
          onClick={onRemove}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label={t('campaigns.wizard.benefit.count')}
            value={prize.count ?? ''}
            onChange={(value) => onChange({ count: toInteger(value) })}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            {...props.count}
          />
          <MoneyInput
            label={t('campaigns.wizard.benefit.value')}
            cents={prize.value}
            onCents={(value) => onChange({ value })}
            {...props.value}
          />
          <Select
            label={t('campaigns.wizard.benefit.redemption')}
            data={PRIZE_REDEMPTIONS.map((value) => ({
              value,
              label: t(`campaigns.wizard.benefit.redemptions.${value}`),
            }))}
            value={prize.redemption}
            onChange={(value) =>
              onChange({
                redemption: PRIZE_REDEMPTIONS.find((candidate) => candidate === value) ?? null,
              })
            }
            allowDeselect={false}
            {...props.redemption}
          />
        </SimpleGrid>
        <TextInput
          label={t('campaigns.wizard.benefit.name')}
          value={prize.name}
          onChange={(event) => onChange({ name: event.currentTarget.value })}
          maxLength={CAMPAIGN_TEXT_LIMITS.prize_name}
          {...props.name}
        />
        <Textarea
          label={t('campaigns.wizard.benefit.shortDescription')}
          value={prize.short_description}
          onChange={(event) => onChange({ short_description: event.currentTarget.value })}
          autosize
          minRows={2}
          maxLength={CAMPAIGN_TEXT_LIMITS.prize_short_description}
          {...props.shortDescription}
        />
        <Checkbox
          label={t('campaigns.wizard.benefit.winNeedsResponse')}
          checked={prize.win_needs_response}
          onChange={(event) => onChange({ win_needs_response: event.currentTarget.checked })}
        />
        <Textarea
          label={t('campaigns.wizard.benefit.winnerInstructions')}
          value={prize.winner_instructions}
          onChange={(event) => onChange({ winner_instructions: event.currentTarget.value })}
          autosize
          minRows={2}
          maxLength={CAMPAIGN_TEXT_LIMITS.prize_winner_instructions}
          {...props.winnerInstructions}
        />
      </Stack>
    </Card>
  );
}

function CouponBenefit({ form, type }: { form: Form; type: CampaignType }) {
  const { t } = useTranslation();
  const { currency } = useConfig();
  const b = form.draft.benefit;
  const set = (changes: Partial<TBenefit>) => form.update({ benefit: { ...b, ...changes } });
  const money = (key: 'abs_discount' | 'original_value' | 'discounted_value', label: string) => (
    <MoneyInput
      label={label}
      cents={b[key]}
      onCents={(value) => set({ [key]: value })}
      {...form.required(`benefit.${key}`, b[key])}
    />
  );
  const whole = (key: 'percent_discount' | 'get_m' | 'pay_n', label: string) => (
    <NumberInput
      label={label}
      value={b[key] ?? ''}
      onChange={(value) => set({ [key]: toInteger(value) })}
      clampBehavior="none"
      allowDecimal={false}
      allowNegative={false}
      {...form.required(`benefit.${key}`, b[key])}
    />
  );
  const fields = {
    percent: whole('percent_discount', t('campaigns.wizard.benefit.percentDiscount')),
    absDiscount: money('abs_discount', t('campaigns.wizard.benefit.absDiscount')),
    original: money('original_value', t('campaigns.wizard.benefit.originalValue')),
    originalFree: money('original_value', t('campaigns.wizard.benefit.originalValueFree')),
    discounted: money('discounted_value', t('campaigns.wizard.benefit.discountedValue')),
    getM: whole('get_m', t('campaigns.wizard.benefit.getM')),
    payN: whole('pay_n', t('campaigns.wizard.benefit.payN')),
  };
  switch (type) {
    case 'coupon/percent':
      return fields.percent;
    case 'coupon/absolute':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fields.absDiscount}
          {fields.original}
        </SimpleGrid>
      );
    case 'coupon/free':
      return fields.originalFree;
    case 'coupon/m_for_n':
      return (
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {fields.getM}
            {fields.payN}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('campaigns.wizard.benefit.mForNHint')}
          </Text>
        </Stack>
      );
    case 'coupon/offer':
    case 'tip/offer':
      return (
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {fields.original}
            {fields.discounted}
          </SimpleGrid>
          {b.original_value !== null && b.discounted_value !== null && (
            <Text size="sm" c="dimmed" data-testid="offer-summary">
              {t('campaigns.app.benefit.offer', {
                discounted: formatCents(b.discounted_value, currency),
                original: formatCents(b.original_value, currency),
              })}
            </Text>
          )}
        </Stack>
      );
    default:
      return (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} aria-hidden />}>
          {t('campaigns.wizard.benefit.noBenefit')}
        </Alert>
      );
  }
}
