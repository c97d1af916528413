/**
 * What a finished campaign step needs (docs/product.md#validation), written with the reusable
 * validators required, min, max, min_value, max_value and regex. The server
 * runs these rules on every save and submit and returns the errors; the web
 * app runs the same rules for instant feedback beside each field.
 */
import type { TCampaignContent } from './content.js';
import type { CampaignStep } from './edit-link.js';
import { prizeCodeErrors } from './codes.js';
import { DEFAULT_CONTENT_LOCALE } from './content-locale.js';
import { CAMPAIGN_TEXT_LIMITS } from './text-limits.js';
import { campaignFamily, type CampaignType } from './types.js';

/**
 * The version of the rules below. Servers store each campaign's errors with
 * the version they were computed by; raise it whenever a rule changes, and
 * stored errors are recomputed.
 */
export const VALIDATION_RULES_VERSION = 2;

export const STEP_MESSAGES = [
  'required_field_missing',
  'invalid_value',
  'min_length',
  'max_length',
  'not_enough_codes',
] as const;
export type StepMessage = (typeof STEP_MESSAGES)[number];

export interface StepError {
  step: CampaignStep;
  fld: string;
  message: StepMessage;
}

export const DESCRIPTION_MIN_LENGTH = 200;
/** Characters of a stored description, markup included (the content schema's limit). */
export const DESCRIPTION_MAX_LENGTH = CAMPAIGN_TEXT_LIMITS.description;
export const PERCENT_DISCOUNT_MIN = 1;
export const PERCENT_DISCOUNT_MAX = 100;
/** A landing page is an absolute http(s) URL without spaces. */
export const LANDING_PAGE_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

export interface ValidationContext {
  type: CampaignType;
  hasImage: boolean;
  /**
   * Codes of the campaign not yet handed out, where known: the "unique code"
   * prizes are checked against them (the stored errors leave them out; the
   * envelope and submit add them).
   */
  availableCodes?: number;
}

/**
 * A tag: `<` up to the next `>`, with no `<` in between. Excluding `<` keeps
 * the search linear: `<[^>]*>` scans to the end of the text again from every
 * `<` that has no `>`, which takes quadratic time on a run of `<`.
 */
export const TAG_PATTERN = /<[^<>]*>/g;
/** The entities of a non-breaking space, which count as a space. */
export const NBSP_ENTITY_PATTERN = /&(?:nbsp|#160|#xa0);/gi;
/** Any other character reference (`&amp;`, `&#8364;`), which counts as one character. */
export const ENTITY_PATTERN = /&[a-z#0-9]+;/gi;

/**
 * Visible characters of a description, without markup, for the length rule.
 * Runs on every keystroke of the editor and for every saved campaign, so every
 * pattern here takes time linear in the length of the text.
 */
export function descriptionLength(description: string): number {
  return description
    .replace(TAG_PATTERN, '')
    .replace(NBSP_ENTITY_PATTERN, ' ')
    .replace(ENTITY_PATTERN, '_')
    .trim().length;
}

type Checked = string | number | boolean | null | undefined | readonly unknown[];

/** One rule: the message when the value breaks it, else undefined. */
export type Validator<T extends Checked = Checked> = (value: T) => StepMessage | undefined;

const isEmpty = (value: Checked): boolean =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/**
 * The validators of docs/product.md#validation. Every validator but `required` accepts an empty
 * value, so that `required` alone decides whether a value must be there.
 */
export const validators = {
  required: (): Validator => (value) => (isEmpty(value) ? 'required_field_missing' : undefined),
  /** At least `length` characters (visible characters for descriptions: pass a measure). */
  min:
    (length: number, measure: (value: string) => number = (value) => value.trim().length) =>
    (value: string | null | undefined): StepMessage | undefined =>
      isEmpty(value) || measure(value ?? '') >= length ? undefined : 'min_length',
  /** At most `length` characters. */
  max:
    (length: number) =>
    (value: string | null | undefined): StepMessage | undefined =>
      (value ?? '').length <= length ? undefined : 'max_length',
  min_value:
    (min: number) =>
    (value: number | null | undefined): StepMessage | undefined =>
      value === null || value === undefined || value >= min ? undefined : 'invalid_value',
  max_value:
    (max: number) =>
    (value: number | null | undefined): StepMessage | undefined =>
      value === null || value === undefined || value <= max ? undefined : 'invalid_value',
  regex:
    (pattern: RegExp) =>
    (value: string | null | undefined): StepMessage | undefined =>
      isEmpty(value) || pattern.test(value ?? '') ? undefined : 'invalid_value',
};

/** Collects the first broken rule of each field of one step. */
class StepCheck {
  readonly errors: StepError[] = [];
  constructor(private readonly step: CampaignStep) {}

  field<T extends Checked>(
    fld: string,
    value: T,
    ...rules: ((value: T) => StepMessage | undefined)[]
  ) {
    for (const rule of rules) {
      const message = rule(value);
      if (message) {
        this.errors.push({ step: this.step, fld, message });
        return;
      }
    }
  }
}

const { required, min, max, min_value, max_value, regex } = validators;

export function benefitErrors(type: CampaignType, content: TCampaignContent): StepError[] {
  const check = new StepCheck('benefit');
  const b = content.benefit;
  switch (type) {
    case 'sweepstake/standard':
    case 'tip/sweepstake':
      check.field('prizes', content.prizes, required());
      content.prizes.forEach((prize, index) => {
        check.field(`prizes.${index}.count`, prize.count, required(), min_value(1));
        check.field(`prizes.${index}.value`, prize.value, required(), min_value(0));
        check.field(`prizes.${index}.name`, prize.name, required());
        check.field(`prizes.${index}.redemption`, prize.redemption, required());
      });
      break;
    case 'coupon/percent':
      check.field(
        'benefit.percent_discount',
        b.percent_discount,
        required(),
        min_value(PERCENT_DISCOUNT_MIN),
        max_value(PERCENT_DISCOUNT_MAX),
      );
      break;
    case 'coupon/absolute':
      check.field('benefit.abs_discount', b.abs_discount, required(), min_value(1));
      check.field(
        'benefit.original_value',
        b.original_value,
        required(),
        min_value((b.abs_discount ?? 0) + 1),
      );
      break;
    case 'coupon/free':
      check.field('benefit.original_value', b.original_value, required(), min_value(1));
      break;
    case 'coupon/m_for_n':
      check.field('benefit.pay_n', b.pay_n, required(), min_value(1));
      check.field('benefit.get_m', b.get_m, required(), min_value((b.pay_n ?? 0) + 1));
      break;
    case 'coupon/offer':
    case 'tip/offer':
      check.field('benefit.original_value', b.original_value, required(), min_value(1));
      check.field(
        'benefit.discounted_value',
        b.discounted_value,
        required(),
        min_value(0),
        max_value((b.original_value ?? 0) - 1),
      );
      break;
    case 'tip/standard':
    case 'tip/generic':
      // A tip without a benefit of its own: nothing to enter.
      break;
  }
  if (campaignFamily(type) === 'coupon' && content.coupon.code_type === 'single')
    check.field('coupon.single_code', content.coupon.single_code, required());
  return check.errors;
}

export function contentErrors(type: CampaignType, content: TCampaignContent): StepError[] {
  const check = new StepCheck('content');
  const locale = DEFAULT_CONTENT_LOCALE;
  check.field(`title.${locale}`, content.title[locale], required());
  check.field(
    `description.${locale}`,
    content.description[locale],
    required(),
    min(DESCRIPTION_MIN_LENGTH, descriptionLength),
    max(DESCRIPTION_MAX_LENGTH),
  );
  for (const [other, description] of Object.entries(content.description)) {
    if (other !== locale)
      check.field(`description.${other}`, description, max(DESCRIPTION_MAX_LENGTH));
  }
  check.field('landing_page', content.landing_page, regex(LANDING_PAGE_PATTERN));
  if (campaignFamily(type) === 'tip') check.field('tags', content.tags, required());
  return check.errors;
}

export function imageErrors(hasImage: boolean): StepError[] {
  const check = new StepCheck('image');
  check.field('image', hasImage ? 'stored' : null, required());
  return check.errors;
}

export function handlingErrors(type: CampaignType, content: TCampaignContent): StepError[] {
  const check = new StepCheck('handling');
  check.field('valid_from', content.valid_from, required());
  const from = content.valid_from ? Date.parse(content.valid_from) : null;
  check.field(
    'valid_until',
    content.valid_until ? Date.parse(content.valid_until) : null,
    required(),
    min_value(from === null ? Number.NEGATIVE_INFINITY : from + 1),
  );
  if (campaignFamily(type) === 'coupon') {
    const coupon = content.coupon;
    // A coupon may expire on its first day, never before it.
    check.field(
      'coupon.expiry',
      coupon.expiry ? Date.parse(coupon.expiry) : null,
      min_value(from === null ? Number.NEGATIVE_INFINITY : from),
    );
    check.field('coupon.redemption', coupon.redemption, required());
    if (coupon.redemption === 'user_action') {
      check.field('coupon.action_handler', coupon.action_handler, required());
    }
  }
  return check.errors;
}

export function requiredDataErrors(content: TCampaignContent): StepError[] {
  return Object.entries(content.required_data)
    .filter(([, field]) => field.required && !field.usage)
    .map(([name]) => ({
      step: 'requireddata' as const,
      fld: `required_data.${name}.usage`,
      message: 'invalid_value' as const,
    }));
}

/** Every error of every step of a campaign. An empty list means it may be submitted. */
export function validateCampaign(
  content: TCampaignContent,
  context: ValidationContext,
): StepError[] {
  return [
    ...benefitErrors(context.type, content),
    ...(context.availableCodes === undefined
      ? []
      : prizeCodeErrors(context.type, content, context.availableCodes)),
    ...contentErrors(context.type, content),
    ...imageErrors(context.hasImage),
    ...handlingErrors(context.type, content),
    ...requiredDataErrors(content),
  ];
}

/** The errors of one step. */
export function validateStep(
  step: CampaignStep,
  content: TCampaignContent,
  context: ValidationContext,
): StepError[] {
  return validateCampaign(content, context).filter((error) => error.step === step);
}
