/** A coupon's code type (docs/product.md#campaigns): none, one code for everyone, or multiple codes. */
import { CAMPAIGN_TEXT_LIMITS, COUPON_CODE_TYPES } from '@backoffice/domain';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '../use-step-form';

export interface CouponCodeFieldsProps {
  /** The step form's `coupon.code_type` field. */
  codeType: FieldProps;
  /** The step form's `coupon.single_code` field (required while the type is single). */
  singleCode: FieldProps;
  readOnly: boolean;
}

export function CouponCodeFields({ codeType, singleCode, readOnly }: CouponCodeFieldsProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        {...codeType}
        onChange={(value) =>
          codeType.onChange(COUPON_CODE_TYPES.find((candidate) => candidate === value) ?? 'none')
        }
        label={t('campaigns.wizard.codes.codeType')}
        data={COUPON_CODE_TYPES.map((value) => ({
          value,
          label: t(`campaigns.wizard.codes.codeTypes.${value}`),
        }))}
        allowDeselect={false}
        readOnly={readOnly}
      />
      {codeType.value === 'single' && (
        <TextInput
          {...singleCode}
          label={t('campaigns.wizard.codes.singleCode')}
          maxLength={CAMPAIGN_TEXT_LIMITS.coupon_single_code}
          readOnly={readOnly}
        />
      )}
    </SimpleGrid>
  );
}
