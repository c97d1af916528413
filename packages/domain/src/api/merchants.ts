/** Contract of the merchant endpoints (docs/product.md#api-calls "Merchants"). */
import { z } from 'zod';
import { ACCOUNT_ROLES } from '../account/roles.js';
import { IMAGE_SIZE_MAX, IMAGE_SIZE_MIN, parseImageFormat } from '../merchant/images.js';
import { ZContact, ZCoregTerms, ZSocialLinks } from '../merchant/profile.js';
import { ZMerchantSummary } from './auth.js';
import { ZPageQuery, ZPager, ZUuid } from './common.js';

export const ZMerchantListQuery = z.object({
  page: ZPageQuery,
  filter: z.string().trim().max(200).optional(),
  /** Optional image size of the rows' images, written WIDTHxHEIGHT (default: as stored, 400x400). */
  image_format: z
    .string()
    .refine((format) => parseImageFormat(format) !== undefined, 'invalid_value')
    .optional(),
});
export type TMerchantListQuery = z.infer<typeof ZMerchantListQuery>;

/** A row of the merchant list: the summary, the internal name (admins only) and the campaign count. */
export const ZMerchantListRow = ZMerchantSummary.extend({
  internal_name: z.string().nullable(),
  /** Campaigns of the merchant that are not deleted. */
  campaign_count: z.number().int(),
});
export type TMerchantListRow = z.infer<typeof ZMerchantListRow>;

export const ZMerchantListResponse = z.object({
  rows: z.array(ZMerchantListRow),
  pager: ZPager,
});
export type TMerchantListResponse = z.infer<typeof ZMerchantListResponse>;

export const ZMerchantIdParams = z.object({ id: ZUuid });

/** The full merchant of GET/POST /merchants/{id} (docs/product.md#merchants). */
export const ZMerchantDetail = z.object({
  uuid: z.string(),
  name: z.string(),
  brand_name: z.string(),
  /** Shown to admins only; null for everyone else. */
  internal_name: z.string().nullable(),
  description: z.string(),
  image: z.object({ src: z.string() }).nullable(),
  level: z.number().int(),
  /** The admin's flag; the merchant is invalid when it is false or errors are listed (isMerchantInvalid). */
  is_valid: z.boolean(),
  errors: z.array(z.string()),
  vatin: z.string(),
  telephone: z.string(),
  email: z.string(),
  website: z.string(),
  social: ZSocialLinks,
  contacts: z.array(ZContact),
  coreg_enabled: z.boolean(),
  coreg_default_suitable: z.boolean(),
  coreg_terms: ZCoregTerms,
  /** The caller's roles for this merchant. */
  roles: z.array(z.enum(ACCOUNT_ROLES)),
  /** Send it back with a save: a save from an older version is refused (409 merchant_changed). */
  version: z.number().int(),
});
export type TMerchantDetail = z.infer<typeof ZMerchantDetail>;

/** Answer of POST /merchants and POST /merchants/{id}: the merchant and its summary for the shell. */
export const ZMerchantSaveResponse = z.object({
  merchant: ZMerchantDetail,
  summary: ZMerchantSummary,
});
export type TMerchantSaveResponse = z.infer<typeof ZMerchantSaveResponse>;

export const ZMerchantImage = z.object({
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  format: z.string(),
});
/** The optimal size of the merchant image (docs/product.md#limits), both or neither; default as stored. */
const imageSide = z.coerce.number().int().min(IMAGE_SIZE_MIN).max(IMAGE_SIZE_MAX);
export const ZMerchantImagesQuery = z
  .object({ width: imageSide.optional(), height: imageSide.optional() })
  .superRefine((query, context) => {
    // One side without the other: the missing one is named.
    if (query.width !== undefined && query.height === undefined)
      context.addIssue({ code: 'custom', path: ['height'], message: 'required_field_missing' });
    if (query.height !== undefined && query.width === undefined)
      context.addIssue({ code: 'custom', path: ['width'], message: 'required_field_missing' });
  });
export type TMerchantImagesQuery = z.infer<typeof ZMerchantImagesQuery>;

export const ZMerchantImagesResponse = z.object({ images: z.array(ZMerchantImage) });
export type TMerchantImagesResponse = z.infer<typeof ZMerchantImagesResponse>;

export const ZMerchantContactsResponse = z.object({ contacts: z.array(ZContact) });
export type TMerchantContactsResponse = z.infer<typeof ZMerchantContactsResponse>;
