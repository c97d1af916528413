/** What the benefit step edits, and its form; shared by the step and its parts. */
import type { TBenefit, TCoupon, TPrize } from '@backoffice/domain';
import type { StepFormState } from '../use-step-form';

export type BenefitDraft = {
  benefit: TBenefit;
  prizes: TPrize[];
  manual_draw: boolean;
  coupon: TCoupon;
};

export type BenefitForm = StepFormState<BenefitDraft>;
