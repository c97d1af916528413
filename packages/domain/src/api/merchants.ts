/** Contract of the merchant endpoints (spec §7 "Merchants"). */
import { z } from 'zod';
import { ZMerchantSummary } from './auth.js';
import { ZPageQuery, ZPager } from './common.js';

export const ZMerchantListQuery = z.object({
  page: ZPageQuery,
  filter: z.string().trim().max(200).optional(),
  /** Optional image size, written WIDTHxHEIGHT (default 400x400). */
  image_format: z
    .string()
    .regex(/^\d{1,4}x\d{1,4}$/)
    .optional(),
});
export type TMerchantListQuery = z.infer<typeof ZMerchantListQuery>;

export const ZMerchantListResponse = z.object({
  rows: z.array(ZMerchantSummary),
  pager: ZPager,
});
export type TMerchantListResponse = z.infer<typeof ZMerchantListResponse>;

export const ZMerchantIdParams = z.object({ id: z.string().uuid() });
