/**
 * The benefit step (docs/product.md#campaigns "Benefit fields", "Prize"): prizes with their
 * total value for sweepstakes and sweepstake tips, the coupon sub-types'
 * amounts, the offer tip's prices; standard and generic tips have none.
 */
import {
  CODES_CLOSED_STATUSES,
  campaignFamily,
  hasPrizeDraw,
  uniqueCodePrizeNeed,
  type TCampaign,
} from '@backoffice/domain';
import { Stack } from '@mantine/core';
import { useCodeList } from '../../api/multiple-codes';
import { CodesSection } from '../codes/codes-section';
import { CouponCodeFields } from '../codes/coupon-code-fields';
import { StepForm } from '../step-form';
import type { WizardStepProps } from '../step-props';
import { useStepForm } from '../use-step-form';
import type { BenefitDraft } from './benefit-draft';
import { CouponBenefit } from './coupon-benefit';
import { Prizes } from './prizes';

const read = (campaign: TCampaign): BenefitDraft => ({
  benefit: campaign.benefit,
  prizes: campaign.prizes,
  manual_draw: campaign.manual_draw,
  coupon: campaign.coupon,
});

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
