/**
 * The benefit step (docs/product.md#campaigns "Benefit fields", "Prize"): prizes with their
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

type BenefitDraft = {
  benefit: TBenefit;
  prizes: TPrize[];
  manual_draw: boolean;
  coupon: TCoupon;
};

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
  const { values } = form;
  const prizeNeed = sweepstake ? uniqueCodePrizeNeed(values) : 0;
  const multiple = coupon && values.coupon.code_type === 'multiple';
  // The codes are stored as they are added, apart from the step's save (and
  // may still be added once the campaign is submitted): outside the form.
  return (
    <Stack gap="lg">
      <StepForm form={form}>
        {sweepstake ? <Prizes form={form} /> : <CouponBenefit form={form} type={type} />}
        {coupon && (
          <CouponCodeFields
            codeType={form.getInputProps('coupon.code_type')}
            singleCode={form.getInputProps('coupon.single_code', { required: true })}
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
  const { prizes } = form.values;
  const prizesError = form.fieldError('prizes');
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
          onRemove={() => form.removeListItem('prizes', index)}
        />
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem('prizes', emptyPrize())}
        >
          {t('campaigns.wizard.benefit.addPrize')}
        </Button>
      </Group>
      <Checkbox
        {...form.getInputProps('manual_draw', { type: 'checkbox' })}
        label={t('campaigns.wizard.benefit.manualDraw')}
      />
    </>
  );
}

interface PrizeCardProps {
  form: Form;
  prize: TPrize;
  index: number;
  onRemove: () => void;
}

function PrizeCard({ form, prize, index, onRemove }: PrizeCardProps) {
  const { t } = useTranslation();
  const number = index + 1;
  const fld = <Name extends keyof TPrize>(name: Name) => `prizes.${index}.${name}` as const;
  const required = { required: true };
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
            {...form.getInputProps(fld('count'), required)}
            value={prize.count ?? ''}
            onChange={(value: number | string) =>
              form.setFieldValue(fld('count'), toInteger(value))
            }
            label={t('campaigns.wizard.benefit.count')}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
          />
          <MoneyInput
            {...form.getInputProps(fld('value'), required)}
            onCents={(value) => form.setFieldValue(fld('value'), value)}
            cents={prize.value}
            label={t('campaigns.wizard.benefit.value')}
          />
          <Select
            {...form.getInputProps(fld('redemption'), required)}
            onChange={(value) =>
              form.setFieldValue(
                fld('redemption'),
                PRIZE_REDEMPTIONS.find((candidate) => candidate === value) ?? null,
              )
            }
            label={t('campaigns.wizard.benefit.redemption')}
            data={PRIZE_REDEMPTIONS.map((value) => ({
              value,
              label: t(`campaigns.wizard.benefit.redemptions.${value}`),
            }))}
            allowDeselect={false}
          />
        </SimpleGrid>
        <TextInput
          {...form.getInputProps(fld('name'), required)}
          label={t('campaigns.wizard.benefit.name')}
          maxLength={CAMPAIGN_TEXT_LIMITS.prize_name}
        />
        <Textarea
          {...form.getInputProps(fld('short_description'))}
          label={t('campaigns.wizard.benefit.shortDescription')}
          autosize
          minRows={2}
          maxLength={CAMPAIGN_TEXT_LIMITS.prize_short_description}
        />
        <Checkbox
          {...form.getInputProps(fld('win_needs_response'), { type: 'checkbox' })}
          label={t('campaigns.wizard.benefit.winNeedsResponse')}
        />
        <Textarea
          {...form.getInputProps(fld('winner_instructions'))}
          label={t('campaigns.wizard.benefit.winnerInstructions')}
          autosize
          minRows={2}
          maxLength={CAMPAIGN_TEXT_LIMITS.prize_winner_instructions}
        />
      </Stack>
    </Card>
  );
}

function CouponBenefit({ form, type }: { form: Form; type: CampaignType }) {
  const { t } = useTranslation();
  const { currency } = useConfig();
  const b = form.values.benefit;
  const money = (key: 'abs_discount' | 'original_value' | 'discounted_value', label: string) => (
    <MoneyInput
      {...form.getInputProps(`benefit.${key}`, { required: true })}
      onCents={(value) => form.setFieldValue(`benefit.${key}`, value)}
      cents={b[key]}
      label={label}
    />
  );
  const whole = (key: 'percent_discount' | 'get_m' | 'pay_n', label: string) => (
    <NumberInput
      {...form.getInputProps(`benefit.${key}`, { required: true })}
      value={b[key] ?? ''}
      onChange={(value: number | string) => form.setFieldValue(`benefit.${key}`, toInteger(value))}
      label={label}
      clampBehavior="none"
      allowDecimal={false}
      // A typed minus stays and is refused with its message; dropping it would turn -10 % into 10 %.
      allowNegative
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
