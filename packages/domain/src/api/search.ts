/** Contract of site search and tags (docs/product.md#records-and-fields "Site search hit", docs/product.md#api-calls "Tags and search"). */
import { z } from 'zod';
import { CAMPAIGN_PHASES } from '../campaign/phase.js';
import { CAMPAIGN_STATUSES } from '../campaign/status.js';
import { CAMPAIGN_TEXT_LIMITS } from '../campaign/text-limits.js';
import { CAMPAIGN_TYPES } from '../campaign/types.js';

export const ZSiteSearchQuery = z.object({ q: z.string().trim().min(1).max(200) });

export const ZSiteSearchHit = z.object({
  /** 'merchant' or a campaign type such as 'coupon/percent'. */
  type: z.union([z.literal('merchant'), z.enum(CAMPAIGN_TYPES)]),
  label: z.string(),
  ident: z.string(),
  merchantIdent: z.string(),
  /** The query was exactly this hit's id: the web app opens it directly. */
  by_uuid: z.boolean(),
  more: z.object({
    phase: z.enum(CAMPAIGN_PHASES).nullable(),
    merchant: z.string(),
    valid_from: z.string().nullable(),
    valid_until: z.string().nullable(),
    current_status: z.enum(CAMPAIGN_STATUSES).nullable(),
    brand_name: z.string().nullable(),
  }),
});
export type TSiteSearchHit = z.infer<typeof ZSiteSearchHit>;

export const ZSiteSearchResponse = z.object({ hits: z.array(ZSiteSearchHit) });
export type TSiteSearchResponse = z.infer<typeof ZSiteSearchResponse>;

export const ZTagsQuery = z.object({
  q: z.string().trim().max(CAMPAIGN_TEXT_LIMITS.tag).default(''),
});
export const ZTagsResponse = z.object({ tags: z.array(z.string()) });
/** A new tag, stored in lower case: its length is that of the lower case (İ becomes i̇). */
export const ZTagCreateBody = z.object({
  name: z
    .string()
    .trim()
    .toLowerCase()
    .min(1)
    .max(CAMPAIGN_TEXT_LIMITS.tag)
    .meta({ examples: ['sommer'] }),
});
export const ZTagCreateResponse = z.object({ name: z.string() });
