/**
 * The editable content of a campaign (docs/product.md#campaigns, Benefit fields,
 * Coupon, Prize, Required core user fields). Every field may be empty while
 * the campaign is being built; campaign/validation.ts says what a finished
 * step needs. Amounts are integer cents.
 */
import { z } from 'zod';
import { ZDateTime, ZUuid } from '../api/common.js';
import { CAMPAIGN_TEXT_LIMITS as LIMITS } from './text-limits.js';

const cents = z.number().int().min(0).max(100_000_000_00);
const text = (max: number) => z.string().max(max);

/** A locale's key in localised texts: two lower-case letters ('de'). */
export const LOCALE_KEY_PATTERN = /^[a-z]{2}$/;
/** One text per locale, e.g. {de: '…', en: '…'}, each at most `max` long. */
export const localisedTextSchema = (max: number) =>
  z.record(z.string().regex(LOCALE_KEY_PATTERN), z.string().max(max));

export const PRIZE_REDEMPTIONS = [
  'postal_delivery',
  'store_pickup',
  'reusable_code',
  'unique_code',
  'download',
] as const;

export const ZPrize = z.object({
  count: z.number().int().min(0).max(1_000_000).nullable().default(null),
  value: cents.nullable().default(null),
  name: text(LIMITS.prize_name).default(''),
  short_description: text(LIMITS.prize_short_description).default(''),
  win_needs_response: z.boolean().default(false),
  winner_instructions: text(LIMITS.prize_winner_instructions).default(''),
  redemption: z.enum(PRIZE_REDEMPTIONS).nullable().default(null),
});
export type TPrize = z.infer<typeof ZPrize>;

export const ZBenefit = z.object({
  percent_discount: z.number().int().min(0).max(1000).nullable().default(null),
  abs_discount: cents.nullable().default(null),
  original_value: cents.nullable().default(null),
  discounted_value: cents.nullable().default(null),
  get_m: z.number().int().min(0).max(1000).nullable().default(null),
  pay_n: z.number().int().min(0).max(1000).nullable().default(null),
});
export type TBenefit = z.infer<typeof ZBenefit>;

export const COUPON_CODE_TYPES = ['none', 'single', 'multiple'] as const;
export const COUPON_REDEMPTIONS = ['online', 'offline', 'user_action'] as const;
export const COUPON_ACTION_HANDLERS = ['user', 'merchant'] as const;

export const ZCoupon = z.object({
  expiry: ZDateTime.nullable().default(null),
  /** Empty means unlimited. */
  max_participants: z.number().int().min(1).max(100_000_000).nullable().default(null),
  code_type: z.enum(COUPON_CODE_TYPES).default('none'),
  single_code: text(LIMITS.coupon_single_code).default(''),
  redemption: z.enum(COUPON_REDEMPTIONS).nullable().default(null),
  action_handler: z.enum(COUPON_ACTION_HANDLERS).nullable().default(null),
  action_instructions: text(LIMITS.coupon_action_instructions).default(''),
});
export type TCoupon = z.infer<typeof ZCoupon>;

export const REQUIRED_CORE_FIELDS = [
  'name',
  'birthdate',
  'postal_address',
  'kids',
  'telephone',
] as const;
const ZFieldUsage = z.object({
  usage: z.boolean().default(false),
  required: z.boolean().default(false),
});
export const ZRequiredData = z.object(
  Object.fromEntries(
    REQUIRED_CORE_FIELDS.map((field) => [
      field,
      ZFieldUsage.default({ usage: false, required: false }),
    ]),
  ) as Record<(typeof REQUIRED_CORE_FIELDS)[number], z.ZodDefault<typeof ZFieldUsage>>,
);
export type TRequiredData = z.infer<typeof ZRequiredData>;

/** The protocols a landing page may use. */
export const LANDING_PAGE_PROTOCOL = /^https?$/;

export const SHOW_MAP_OPTIONS = ['never', 'always', 'after_participation'] as const;
export const DESCRIPTION_FORMATS = ['markdown', 'wysiwyg'] as const;
export type DescriptionFormat = (typeof DESCRIPTION_FORMATS)[number];

export const ZCampaignContent = z.object({
  title: localisedTextSchema(LIMITS.title).default({}),
  short_description: localisedTextSchema(LIMITS.short_description).default({}),
  description: localisedTextSchema(LIMITS.description).default({}),
  description_format: z.enum(DESCRIPTION_FORMATS).default('wysiwyg'),
  rules: z.array(text(LIMITS.rule)).max(50).default([]),
  landing_page: z
    .union([z.url({ protocol: LANDING_PAGE_PROTOCOL }).max(LIMITS.landing_page), z.literal('')])
    .default(''),
  thank_you_text: text(LIMITS.thank_you_text).default(''),
  points: z.number().int().min(0).max(1_000_000).nullable().default(null),
  tags: z.array(text(LIMITS.tag)).max(30).default([]),
  valid_from: ZDateTime.nullable().default(null),
  valid_until: ZDateTime.nullable().default(null),
  benefit: ZBenefit.default(ZBenefit.parse({})),
  prizes: z.array(ZPrize).max(100).default([]),
  manual_draw: z.boolean().default(false),
  coupon: ZCoupon.default(ZCoupon.parse({})),
  required_data: ZRequiredData.default(ZRequiredData.parse({})),
  show_map: z.enum(SHOW_MAP_OPTIONS).default('never'),
  coreg_suitable: z.boolean().default(false),
  coparticipation_targets: z.array(ZUuid).max(50).default([]),
  coreg_exclusions: z.array(ZUuid).max(50).default([]),
});
export type TCampaignContent = z.infer<typeof ZCampaignContent>;

const shape = ZCampaignContent.shape;

/**
 * What a save may send: any subset of the content. Without the defaults of
 * ZCampaignContent, so that a field left out stays absent and the stored
 * value is kept (a `.partial()` would fill every absent field with its
 * default and wipe the other steps). A field that is sent is complete: its
 * inner defaults still apply (e.g. a benefit object's missing amounts).
 */
export const ZCampaignContentPatch = z.object({
  title: shape.title.unwrap().optional(),
  short_description: shape.short_description.unwrap().optional(),
  description: shape.description.unwrap().optional(),
  description_format: shape.description_format.unwrap().optional(),
  rules: shape.rules.unwrap().optional(),
  landing_page: shape.landing_page.unwrap().optional(),
  thank_you_text: shape.thank_you_text.unwrap().optional(),
  points: shape.points.unwrap().optional(),
  tags: shape.tags.unwrap().optional(),
  valid_from: shape.valid_from.unwrap().optional(),
  valid_until: shape.valid_until.unwrap().optional(),
  benefit: shape.benefit.unwrap().optional(),
  prizes: shape.prizes.unwrap().optional(),
  manual_draw: shape.manual_draw.unwrap().optional(),
  coupon: shape.coupon.unwrap().optional(),
  required_data: shape.required_data.unwrap().optional(),
  show_map: shape.show_map.unwrap().optional(),
  coreg_suitable: shape.coreg_suitable.unwrap().optional(),
  coparticipation_targets: shape.coparticipation_targets.unwrap().optional(),
  coreg_exclusions: shape.coreg_exclusions.unwrap().optional(),
});
export type TCampaignContentPatch = z.infer<typeof ZCampaignContentPatch>;

export const emptyCampaignContent = (): TCampaignContent => ZCampaignContent.parse({});
