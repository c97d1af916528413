/**
 * What a finished campaign step needs (spec §5). The server runs these rules
 * on every save and submit and returns the errors; the web app runs the same
 * rules for instant feedback.
 */
import type { TCampaignContent } from './content.js';
import type { CampaignStep } from './edit-link.js';
import { campaignFamily, type CampaignType } from './types.js';

export const STEP_MESSAGES = ['required_field_missing', 'invalid_value', 'min_length'] as const;
export type StepMessage = (typeof STEP_MESSAGES)[number];

export interface StepError {
  step: CampaignStep;
  fld: string;
  message: StepMessage;
}

export const DESCRIPTION_MIN_LENGTH = 200;
export const DEFAULT_CONTENT_LOCALE = 'de';

export interface ValidationContext {
  type: CampaignType;
  hasImage: boolean;
}

/** Visible characters of a description, without markup, for the length rule. */
export function descriptionLength(description: string): number {
  return description
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .trim().length;
}

const isBlank = (value: string | undefined | null) => !value || value.trim() === '';

function benefitErrors(type: CampaignType, content: TCampaignContent): StepError[] {
  const errors: StepError[] = [];
  const b = content.benefit;
  const need = (fld: string, ok: boolean, present: boolean) => {
    if (!present) errors.push({ step: 'benefit', fld, message: 'required_field_missing' });
    else if (!ok) errors.push({ step: 'benefit', fld, message: 'invalid_value' });
  };
  switch (type) {
    case 'sweepstake/standard':
    case 'tip/sweepstake': {
      if (content.prizes.length === 0) {
        errors.push({ step: 'benefit', fld: 'prizes', message: 'required_field_missing' });
      }
      content.prizes.forEach((prize, index) => {
        need(`prizes.${index}.name`, true, !isBlank(prize.name));
        need(`prizes.${index}.count`, (prize.count ?? 0) >= 1, prize.count !== null);
        need(`prizes.${index}.value`, true, prize.value !== null);
        need(`prizes.${index}.redemption`, true, prize.redemption !== null);
      });
      break;
    }
    case 'coupon/percent':
      need(
        'benefit.percent_discount',
        (b.percent_discount ?? 0) >= 1 && (b.percent_discount ?? 0) <= 100,
        b.percent_discount !== null,
      );
      break;
    case 'coupon/absolute':
      need('benefit.abs_discount', (b.abs_discount ?? 0) >= 1, b.abs_discount !== null);
      need(
        'benefit.original_value',
        (b.original_value ?? 0) > (b.abs_discount ?? 0),
        b.original_value !== null,
      );
      break;
    case 'coupon/free':
      need('benefit.original_value', (b.original_value ?? 0) >= 1, b.original_value !== null);
      break;
    case 'coupon/m_for_n':
      need('benefit.pay_n', (b.pay_n ?? 0) >= 1, b.pay_n !== null);
      need('benefit.get_m', (b.get_m ?? 0) > (b.pay_n ?? 0), b.get_m !== null);
      break;
    case 'coupon/offer':
    case 'tip/offer':
      need('benefit.original_value', (b.original_value ?? 0) >= 1, b.original_value !== null);
      need(
        'benefit.discounted_value',
        (b.discounted_value ?? 0) < (b.original_value ?? 0),
        b.discounted_value !== null,
      );
      break;
    case 'tip/standard':
    case 'tip/generic':
      break;
  }
  return errors;
}

function contentErrors(type: CampaignType, content: TCampaignContent): StepError[] {
  const errors: StepError[] = [];
  const title = content.title[DEFAULT_CONTENT_LOCALE];
  if (isBlank(title))
    errors.push({
      step: 'content',
      fld: `title.${DEFAULT_CONTENT_LOCALE}`,
      message: 'required_field_missing',
    });
  const description = content.description[DEFAULT_CONTENT_LOCALE] ?? '';
  if (isBlank(description)) {
    errors.push({
      step: 'content',
      fld: `description.${DEFAULT_CONTENT_LOCALE}`,
      message: 'required_field_missing',
    });
  } else if (descriptionLength(description) < DESCRIPTION_MIN_LENGTH) {
    errors.push({
      step: 'content',
      fld: `description.${DEFAULT_CONTENT_LOCALE}`,
      message: 'min_length',
    });
  }
  if (campaignFamily(type) === 'tip' && content.tags.length === 0) {
    errors.push({ step: 'content', fld: 'tags', message: 'required_field_missing' });
  }
  return errors;
}

function handlingErrors(type: CampaignType, content: TCampaignContent): StepError[] {
  const errors: StepError[] = [];
  if (!content.valid_from)
    errors.push({ step: 'handling', fld: 'valid_from', message: 'required_field_missing' });
  if (!content.valid_until)
    errors.push({ step: 'handling', fld: 'valid_until', message: 'required_field_missing' });
  if (
    content.valid_from &&
    content.valid_until &&
    Date.parse(content.valid_until) <= Date.parse(content.valid_from)
  ) {
    errors.push({ step: 'handling', fld: 'valid_until', message: 'invalid_value' });
  }
  if (campaignFamily(type) === 'coupon') {
    const coupon = content.coupon;
    if (!coupon.redemption)
      errors.push({
        step: 'handling',
        fld: 'coupon.redemption',
        message: 'required_field_missing',
      });
    if (coupon.code_type === 'single' && isBlank(coupon.single_code)) {
      errors.push({
        step: 'handling',
        fld: 'coupon.single_code',
        message: 'required_field_missing',
      });
    }
    if (coupon.redemption === 'user_action' && !coupon.action_handler) {
      errors.push({
        step: 'handling',
        fld: 'coupon.action_handler',
        message: 'required_field_missing',
      });
    }
  }
  return errors;
}

function requiredDataErrors(content: TCampaignContent): StepError[] {
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
  const errors = [
    ...benefitErrors(context.type, content),
    ...contentErrors(context.type, content),
    ...(context.hasImage
      ? []
      : [{ step: 'image' as const, fld: 'image', message: 'required_field_missing' as const }]),
    ...handlingErrors(context.type, content),
    ...requiredDataErrors(content),
  ];
  return errors;
}
