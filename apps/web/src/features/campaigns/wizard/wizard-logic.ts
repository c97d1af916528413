/**
 * The pure rules of the campaign wizard (docs/product.md#the-campaign-wizard): the
 * content a step edits, which save to send, and where the wizard goes after
 * a save. Kept free of React so that unit tests cover them.
 */
import {
  CAMPAIGN_STEPS,
  canUseRequiredDataStep,
  validateCampaign,
  type CampaignStep,
  type CampaignType,
  type StepError,
  type TCampaign,
  type TCampaignContent,
  type TCampaignContentPatch,
} from '@backoffice/domain';

/** The wizard's fields out of a campaign as the server sent it. */
export function contentOf(campaign: TCampaign): TCampaignContent {
  return {
    title: campaign.title,
    short_description: campaign.short_description,
    description: campaign.description,
    description_format: campaign.description_format,
    rules: campaign.rules,
    landing_page: campaign.landing_page,
    thank_you_text: campaign.thank_you_text,
    points: campaign.points,
    tags: campaign.tags,
    valid_from: campaign.valid_from,
    valid_until: campaign.valid_until,
    benefit: campaign.benefit,
    prizes: campaign.prizes,
    manual_draw: campaign.manual_draw,
    coupon: campaign.coupon,
    required_data: campaign.required_data,
    show_map: campaign.show_map,
    coreg_suitable: campaign.coreg_suitable,
    coparticipation_targets: campaign.coparticipation_targets,
    coreg_exclusions: campaign.coreg_exclusions,
  };
}

export interface SaveContext {
  type: CampaignType;
  hasImage: boolean;
  /** Available codes, where known: checked against the unique-code prizes. */
  availableCodes?: number;
}

/** The campaign as it would be after saving the patch, and its errors. */
export function errorsAfter(
  campaign: TCampaign,
  patch: TCampaignContentPatch,
  context: SaveContext,
): StepError[] {
  return validateCampaign({ ...contentOf(campaign), ...patch }, context);
}

/**
 * docs/product.md#the-campaign-wizard: when every step is valid a save is a full save (undefined);
 * otherwise an intermediate save of the current step.
 */
export function saveValidation(
  step: CampaignStep,
  errors: readonly StepError[],
): CampaignStep | undefined {
  return errors.length === 0 ? undefined : step;
}

/** The step after `step`, skipping the form step below merchant level 1. */
export function nextStep(step: CampaignStep, merchantLevel: number): CampaignStep {
  const following = CAMPAIGN_STEPS.slice(CAMPAIGN_STEPS.indexOf(step) + 1).filter(
    (candidate) => candidate !== 'requireddata' || canUseRequiredDataStep(merchantLevel),
  );
  return following[0] ?? 'review';
}

/** Whether the campaign is still being created: some step has never been saved. */
export function isBeingCreated(submitted: Record<string, boolean>): boolean {
  return CAMPAIGN_STEPS.some((step) => step !== 'review' && !submitted[step]);
}

/**
 * Where the wizard goes after a successful save of `step` (docs/product.md#the-campaign-wizard): nowhere
 * while the step still has errors; during creation to the next step; a
 * campaign whose steps were all saved before (a clone, a finished campaign)
 * goes to review.
 */
export function stepAfterSave(
  step: CampaignStep,
  submittedBefore: Record<string, boolean>,
  errorsAfterSave: readonly Pick<StepError, 'step'>[],
  merchantLevel: number,
): CampaignStep | undefined {
  if (errorsAfterSave.some((error) => error.step === step)) return undefined;
  return isBeingCreated(submittedBefore) ? nextStep(step, merchantLevel) : 'review';
}

/**
 * Cents as currency units for an input, with both decimals ("49.90": a
 * price is written 49,90 €, not 49,9 €), and back (integer cents, docs/product.md#limits).
 */
export const centsToUnits = (cents: number | null): string =>
  cents === null ? '' : (cents / 100).toFixed(2);

export function unitsToCents(units: number | string): number | null {
  if (units === '' || units === '-') return null;
  const value = typeof units === 'number' ? units : Number(units.replace(',', '.'));
  return Number.isFinite(value) ? Math.round(value * 100) : null;
}

/** A whole number out of a number input, or null when empty. */
export function toInteger(value: number | string): number | null {
  if (value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? Math.trunc(number) : null;
}
