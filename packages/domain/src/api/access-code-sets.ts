/** Contract of the access-code-set endpoints (docs/product.md#api-calls "Access-code sets"): admins only. */
import { z } from 'zod';
import { ACCESS_CODE_SET_TYPES, ZAccessCodeSetInput } from '../access-code-set/access-code-set.js';
import { CAMPAIGN_TYPES } from '../campaign/types.js';
import { DEFAULT_PAGE_SIZE, ZPageQuery, ZPager, ZSaveVersion, ZUuid } from './common.js';

/** docs/product.md#access-code-sets "Access code set"; `email` is the editor's of the last change. */
export const ZAccessCodeSet = z.object({
  id: z.string(),
  name: z.string(),
  internal_name: z.string(),
  type: z.enum(ACCESS_CODE_SET_TYPES),
  hint_title: z.string(),
  hint_text: z.string(),
  is_promo_code: z.boolean(),
  is_bonuscard: z.boolean(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  modified: z.string(),
  email: z.string().nullable(),
  /** Send it back with a save (ZSaveVersion). */
  version: z.number().int(),
});
export type TAccessCodeSet = z.infer<typeof ZAccessCodeSet>;

export const ZAccessCodeSetListQuery = z.object({ page: ZPageQuery });
export const ZAccessCodeSetList = z.object({ rows: z.array(ZAccessCodeSet), pager: ZPager });
export type TAccessCodeSetList = z.infer<typeof ZAccessCodeSetList>;

export const ZAccessCodeSetParams = z.object({ id: ZUuid });
/** Create and save take the same fields; a save names the version it was made from. */
export const ZAccessCodeSetSaveBody = z.intersection(ZAccessCodeSetInput, ZSaveVersion);
export type TAccessCodeSetSaveBody = z.input<typeof ZAccessCodeSetSaveBody>;

/** docs/product.md#records-and-fields "Linked campaign": title per locale, type and ident. */
export const ZLinkedCampaign = z.object({
  title: z.record(z.string(), z.string()),
  type: z.enum(CAMPAIGN_TYPES),
  ident: z.string(),
});
export type TLinkedCampaign = z.infer<typeof ZLinkedCampaign>;
/** POST …/links: the whole list of linked campaigns (linking and unlinking in one). */
export const ZAccessCodeSetLinksBody = z.array(z.object({ ident: ZUuid })).max(1000);
export type TAccessCodeSetLinksBody = z.infer<typeof ZAccessCodeSetLinksBody>;
export const ZAccessCodeSetLinks = z.object({
  campaign_to_access_code_set: z.array(ZLinkedCampaign),
});
export type TAccessCodeSetLinks = z.infer<typeof ZAccessCodeSetLinks>;

/** docs/product.md#records-and-fields "Code stats": `codes` holds the codes only when `list_codes` (a short list). */
export const ZCodeStats = z.object({
  provided: z.number().int(),
  used: z.number().int(),
  list_codes: z.boolean(),
  codes: z.array(z.string()),
});
export type TCodeStats = z.infer<typeof ZCodeStats>;

/**
 * One set as its own screen reads it (docs/product.md#access-code-sets "Access code set": its fields,
 * its codes and the UUIDs of its linked campaigns): the codes as code stats,
 * listed while the list is short. The list of sets carries the fields only.
 */
export const ZAccessCodeSetDetail = ZAccessCodeSet.extend({
  codes: ZCodeStats,
  campaigns: z.array(z.string()),
});
export type TAccessCodeSetDetail = z.infer<typeof ZAccessCodeSetDetail>;
export const ZAccessCodeSetResponse = z.object({ access_code_set: ZAccessCodeSetDetail });
export type TAccessCodeSetResponse = z.infer<typeof ZAccessCodeSetResponse>;
export const ZAccessCodesResponse = z.object({ codes: ZCodeStats });
/** POST …/codes: the codes as text, one per line. */
export const ZAccessCodesBody = z.object({ codes: z.string().min(1, 'required_field_missing') });
/** What an import did: codes added, codes already known (in the set or earlier in the list), blank lines. */
export const ZCodeImportReport = z.object({
  added: z.number().int(),
  duplicates: z.number().int(),
  blank_lines: z.number().int(),
});
export type TCodeImportReport = z.infer<typeof ZCodeImportReport>;
export const ZAccessCodesImportResponse = z.object({
  codes: ZCodeStats,
  import: ZCodeImportReport,
});
export type TAccessCodesImportResponse = z.infer<typeof ZAccessCodesImportResponse>;

/** GET …/code-usage: who used which code when, newest first; `q` searches code and participant. */
export const CODE_USAGE_PAGE_MAX = 1000;
export const ZCodeUsageQuery = z.object({
  page: ZPageQuery,
  q: z.string().trim().max(100).optional(),
  per_page: z.coerce.number().int().min(1).max(CODE_USAGE_PAGE_MAX).default(DEFAULT_PAGE_SIZE),
});
export type TCodeUsageQuery = z.input<typeof ZCodeUsageQuery>;
export const ZCodeUse = z.object({
  code: z.string(),
  used_at: z.string(),
  participant: z.string().nullable(),
  campaign: ZLinkedCampaign.nullable(),
});
export type TCodeUse = z.infer<typeof ZCodeUse>;
export const ZCodeUsage = z.object({
  access_code_set: ZAccessCodeSet,
  rows: z.array(ZCodeUse),
  pager: ZPager,
});
export type TCodeUsage = z.infer<typeof ZCodeUsage>;
