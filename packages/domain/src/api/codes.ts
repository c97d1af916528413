/**
 * Requests and answers of a campaign's multiple codes (docs/product.md#records-and-fields "Code stats",
 * docs/product.md#api-calls multiple-codes): the counts and a page of the codes, additions as a
 * list, as text or generated, an upload's report, and the consumer app's
 * report of a code handed out.
 */
import { z } from 'zod';
import {
  CODE_MAX_LENGTH,
  CODE_PREFIX_MAX_LENGTH,
  CODE_PREFIX_PATTERN,
  CODES_PER_REQUEST_MAX,
  GENERATED_CODE_LENGTH,
} from '../campaign/codes.js';
import { ZPageQuery, ZPager } from './common.js';

export const ZCodeListQuery = z.object({ page: ZPageQuery });

export const ZCodeEntry = z.object({
  code: z.string(),
  used: z.boolean(),
  created: z.string(),
});

/** docs/product.md#records-and-fields "Code stats": provided and used (available = provided − used), list_codes, codes. */
export const ZCampaignCodeStats = z.object({
  provided: z.number().int(),
  used: z.number().int(),
  available: z.number().int(),
});
export type TCampaignCodeStats = z.infer<typeof ZCampaignCodeStats>;

export const ZCodeListResponse = ZCampaignCodeStats.extend({
  list_codes: z.boolean(),
  codes: z.array(ZCodeEntry),
  pager: ZPager,
});
export type TCodeListResponse = z.infer<typeof ZCodeListResponse>;

export const ZCodeGenerateOptions = z.object({
  count: z.number().int().min(1).max(CODES_PER_REQUEST_MAX),
  prefix: z.string().max(CODE_PREFIX_MAX_LENGTH).regex(CODE_PREFIX_PATTERN).default(''),
  /** Characters after the prefix. */
  length: z
    .number()
    .int()
    .min(GENERATED_CODE_LENGTH.min)
    .max(GENERATED_CODE_LENGTH.max)
    .default(GENERATED_CODE_LENGTH.default),
});
export type TCodeGenerateOptions = z.infer<typeof ZCodeGenerateOptions>;

/**
 * POST /campaigns/{id}/multiple-codes: `codes` as a list or as text (one per
 * line), or `generate` N random codes (beyond the spec).
 */
export const ZCodeAddBody = z.union([
  z.object({
    codes: z.union([
      z.array(z.string().max(1000)).max(CODES_PER_REQUEST_MAX),
      z.string().max(5_000_000),
    ]),
  }),
  z.object({ generate: ZCodeGenerateOptions }),
]);
export type TCodeAddBody = z.infer<typeof ZCodeAddBody>;

/** What an addition did: codes added, and the lines skipped and why. */
export const ZCampaignCodeImportReport = z.object({
  added: z.number().int(),
  blank: z.number().int(),
  duplicates_in_file: z.number().int(),
  already_stored: z.number().int(),
});
export type TCampaignCodeImportReport = z.infer<typeof ZCampaignCodeImportReport>;

export const ZCodeImportResponse = ZCampaignCodeImportReport.extend({ stats: ZCampaignCodeStats });
export type TCodeImportResponse = z.infer<typeof ZCodeImportResponse>;

/**
 * POST /ingest/campaigns/{id}/codes/handed-out (the consumer app, API key):
 * one of the campaign's codes, by its value, was handed out to someone.
 */
export const ZCodeHandoutBody = z.object({
  code: z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .max(CODE_MAX_LENGTH)
    .meta({ examples: ['SOMMER-7KQ2M9XR'] }),
});
export type TCodeHandoutBody = z.infer<typeof ZCodeHandoutBody>;

/** The code as recorded: the same answer however often it is reported. */
export const ZCodeHandoutResponse = z.object({
  campaign: z.string(),
  code: z.string().meta({ examples: ['SOMMER-7KQ2M9XR'] }),
  /** When the back-office received the code's first report. */
  handed_out_at: z.string(),
});
export type TCodeHandoutResponse = z.infer<typeof ZCodeHandoutResponse>;
