/**
 * The benefit of a coupon or an offer tip (docs/product.md#campaigns "Benefit
 * fields"): the amounts its sub-type has; standard and generic tips have none.
 */
import type { CampaignType } from '@backoffice/domain';
import { Alert, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../../shared/config/runtime-config';
import { formatCents } from '../../../../shared/format/number';
import { MoneyInput } from '../money-input';
import { toInteger } from '../wizard-logic';
import type { BenefitForm as Form } from './benefit-draft';

export function CouponBenefit({ form, type }: { form: Form; type: CampaignType }) {
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
