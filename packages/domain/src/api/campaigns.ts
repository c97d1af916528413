/** Contract of the campaign endpoints (docs/product.md#campaigns, docs/product.md#api-calls "Campaigns"). */
import { z } from 'zod';
import { CAMPAIGN_PHASES, RUNTIME_FILTERS } from '../campaign/phase.js';
import { CAMPAIGN_STATUSES } from '../campaign/status.js';
import { CAMPAIGN_TYPES, TYPE_FILTERS } from '../campaign/types.js';
import {
  ZCampaignContent,
  ZCampaignContentPatch,
  localisedTextSchema,
} from '../campaign/content.js';
import { CAMPAIGN_STEPS } from '../campaign/edit-link.js';
import { CAMPAIGN_TEXT_LIMITS } from '../campaign/text-limits.js';
import {
  CAMPAIGN_ORDER_OPTIONS,
  DEFAULT_CAMPAIGN_ORDER,
  type CampaignOrderOption,
} from '../campaign/order.js';
import { ZMerchantSummary } from './auth.js';
import { ZPageQuery, ZPager, ZUuid } from './common.js';

export const ZCampaignListQuery = z.object({
  page: ZPageQuery,
  filter_campaign: z.string().trim().max(200).optional(),
  filter_type: z.enum(TYPE_FILTERS).optional(),
  filter_status: z.enum(CAMPAIGN_STATUSES).optional(),
  filter_runtime: z.enum(RUNTIME_FILTERS).optional(),
  /** The merchant whose campaigns are listed; required for all but admins. */
  exact_merchant: ZUuid.optional(),
  order_by: z
    .enum(CAMPAIGN_ORDER_OPTIONS as [CampaignOrderOption, ...CampaignOrderOption[]])
    .default(DEFAULT_CAMPAIGN_ORDER),
});
export type TCampaignListQuery = z.infer<typeof ZCampaignListQuery>;

/** A campaign's title per locale, e.g. {de: '…', en: '…'}: the save schema's limit, never less. */
export const ZLocalised = localisedTextSchema(CAMPAIGN_TEXT_LIMITS.title);
export type TLocalised = z.infer<typeof ZLocalised>;

export const ZCampaignRow = z.object({
  uuid: z.string(),
  type: z.enum(CAMPAIGN_TYPES),
  title: ZLocalised,
  current_status: z.enum(CAMPAIGN_STATUSES),
  phase: z.enum(CAMPAIGN_PHASES).nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  modified: z.string(),
  editor: z.object({ email: z.string() }).nullable(),
  image: z.object({ src: z.string() }).nullable(),
  is_listable: z.boolean(),
  is_unfinished: z.boolean(),
  participations: z.number().int(),
  distinct_users: z.number().int(),
  view_list: z.number().int(),
  view_detail: z.number().int(),
  view_mail: z.number().int(),
  merchant: z.object({ uuid: z.string(), name: z.string() }),
  preview_link: z.string(),
  /**
   * Why the review rejected the campaign, as long as that stands: from the
   * rejection until the campaign is submitted again (also after an edit has
   * reopened it to created); null otherwise.
   */
  rejection_reason: z.string().nullable(),
});
export type TCampaignRow = z.infer<typeof ZCampaignRow>;

export const ZCampaignListResponse = z.object({ rows: z.array(ZCampaignRow), pager: ZPager });
export type TCampaignListResponse = z.infer<typeof ZCampaignListResponse>;

export const ZCampaignCreateBody = z.object({
  merchant: ZUuid,
  type: z
    .string()
    .min(1)
    .max(50)
    .meta({ examples: ['coupon/percent'] }),
});
export type TCampaignCreateBody = z.infer<typeof ZCampaignCreateBody>;

/** A campaign in a path: `/campaigns/{id}…`, one parameter name for every campaign route. */
export const ZCampaignIdParams = z.object({ id: ZUuid });

/** An admin's rejection: the reason the merchant reads. */
export const ZCampaignRejectBody = z.object({
  reason: z
    .string()
    .trim()
    .min(1)
    .max(CAMPAIGN_TEXT_LIMITS.reject_reason)
    .meta({ examples: ['Das Bild zeigt ein anderes Produkt, als der Text verspricht.'] }),
});

export const ZToggleListableResponse = z.object({ listable: z.boolean() });
export type TToggleListableResponse = z.infer<typeof ZToggleListableResponse>;

export const CAMPAIGN_DELETE_REASONS = ['has_participations', 'not_deletable'] as const;
export const ZCampaignDeleteResponse = z.object({
  status: z.enum(CAMPAIGN_STATUSES),
  reason: z.enum(CAMPAIGN_DELETE_REASONS).nullable(),
});
export type TCampaignDeleteResponse = z.infer<typeof ZCampaignDeleteResponse>;

export const ZStatusHistoryEntry = z.object({
  from: z.enum(CAMPAIGN_STATUSES).nullable(),
  to: z.enum(CAMPAIGN_STATUSES),
  by: z.object({ email: z.string() }).nullable(),
  at: z.string(),
  reason: z.string().nullable(),
});
export const ZStatusHistoryResponse = z.object({ history: z.array(ZStatusHistoryEntry) });
export type TStatusHistoryResponse = z.infer<typeof ZStatusHistoryResponse>;

export const ZStepError = z.object({
  step: z.enum(CAMPAIGN_STEPS),
  fld: z.string(),
  message: z.string(),
});

/** A campaign with everything it holds: the list row plus its content and relations. */
export const ZCampaign = ZCampaignRow.extend(ZCampaignContent.omit({ title: true }).shape).extend({
  images: z.array(z.object({ src: z.string() })),
  campaign_image_extension: z.string().nullable(),
  parent: z.string().nullable(),
  followups: z.array(z.string()),
  created: z.string(),
  /** Send it back with a save: a save from an older version is refused (409 campaign_changed). */
  version: z.number().int(),
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZCampaignState = z.object({
  errors: z.array(ZStepError),
  /** Per step: whether it has been saved at least once. */
  submitted: z.record(z.string(), z.boolean()),
  is_unfinished: z.boolean(),
});

/** The merchant's co-registration as the flow step needs it (docs/product.md#merchants "Co-reg"). */
export const ZCampaignCoreg = z.object({
  /** Switched on with complete terms: the coreg-suitable switch is shown. */
  available: z.boolean(),
  /** "New campaigns are co-reg suitable". */
  default_suitable: z.boolean(),
});

export const ZCampaignEnvelope = z.object({
  campaign: ZCampaign,
  state: ZCampaignState,
  allow_edit: z.boolean(),
  merchant: ZMerchantSummary,
  coreg: ZCampaignCoreg,
});
export type TCampaignEnvelope = z.infer<typeof ZCampaignEnvelope>;

export const ZCampaignSaveQuery = z.object({
  /** The step to validate and mark as saved (an intermediate save); absent for a full save. */
  validate: z
    .enum(['benefit', 'content', 'image', 'handling', 'requireddata', 'review'])
    .optional(),
});
export const ZCampaignSaveBody = ZCampaignContentPatch.extend({
  /**
   * The version the editor's copy was loaded at (campaign.version). When
   * given and the campaign has changed since, the save is refused with 409
   * campaign_changed instead of overwriting the other change.
   */
  version: z.number().int().min(1).optional(),
});
export type TCampaignSaveBody = z.infer<typeof ZCampaignSaveBody>;

export const ZFollowupsResponse = z.object({ rows: z.array(ZCampaignRow) });
export type TFollowupsResponse = z.infer<typeof ZFollowupsResponse>;

/** Optional crop rectangle of an image upload, in the source image's pixels. */
export const ZImageCropQuery = z
  .object({
    crop_x: z.coerce.number().int().min(0).max(100_000),
    crop_y: z.coerce.number().int().min(0).max(100_000),
    crop_width: z.coerce.number().int().min(1).max(100_000),
    crop_height: z.coerce.number().int().min(1).max(100_000),
  })
  .partial();

/** A campaign that may be chosen as a co-participation target or coreg exclusion. */
export const ZCampaignLinkOption = z.object({
  uuid: z.string(),
  type: z.enum(CAMPAIGN_TYPES),
  title: ZLocalised,
  current_status: z.enum(CAMPAIGN_STATUSES),
  phase: z.enum(CAMPAIGN_PHASES).nullable(),
});
export type TCampaignLinkOption = z.infer<typeof ZCampaignLinkOption>;

/**
 * GET /campaigns/{id}/link-options: the merchant's other living campaigns
 * (newest first, at most CAMPAIGN_LINK_OPTIONS_LIMIT), plus those already
 * chosen, so that every chosen one has its label.
 */
export const ZCampaignLinkOptionsResponse = z.object({ rows: z.array(ZCampaignLinkOption) });
export type TCampaignLinkOptionsResponse = z.infer<typeof ZCampaignLinkOptionsResponse>;
export const CAMPAIGN_LINK_OPTIONS_LIMIT = 500;
