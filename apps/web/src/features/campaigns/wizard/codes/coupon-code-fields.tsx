/** A coupon's code type (spec §3 Coupon): none, one code for everyone, or multiple codes. */
import { CAMPAIGN_TEXT_LIMITS, COUPON_CODE_TYPES, type TCoupon } from '@backoffice/domain';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '../use-step-form';

export interface CouponCodeFieldsProps {
  coupon: TCoupon;
  onChange: (changes: Partial<TCoupon>) => void;
  singleCodeProps: FieldProps;
  readOnly: boolean;
}

export function CouponCodeFields({
  coupon,
  onChange,
  singleCodeProps,
  readOnly,
}: CouponCodeFieldsProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label={t('campaigns.wizard.codes.codeType')}
        data={COUPON_CODE_TYPES.map((value) => ({
          value,
          label: t(`campaigns.wizard.codes.codeTypes.${value}`),
        }))}
        value={coupon.code_type}
        onChange={(value) =>
          onChange({
            code_type: COUPON_CODE_TYPES.find((candidate) => candidate === value) ?? 'none',
          })
        }
        allowDeselect={false}
        readOnly={readOnly}
      />
      {coupon.code_type === 'single' && (
        <TextInput
          label={t('campaigns.wizard.codes.singleCode')}
          value={coupon.single_code}
          onChange={(event) => onChange({ single_code: event.currentTarget.value })}
          maxLength={CAMPAIGN_TEXT_LIMITS.coupon_single_code}
          readOnly={readOnly}
          {...singleCodeProps}
        />
      )}
    </SimpleGrid>
  );
}
