/** Contract of the auth API and the session bootstrap (docs/product.md#api-calls "Auth and session"). */
import { z } from 'zod';
import { ACCOUNT_ROLES } from '../account/roles.js';
import { MERCHANT_SEARCH_TYPES } from '../merchant/search-type.js';
import { USER_LEVELS } from '../user/levels.js';

export const ZTokensResponse = z.object({
  tokens: z.array(z.object({ name: z.string(), token: z.string() })),
});
export type TTokensResponse = z.infer<typeof ZTokensResponse>;

export const ZTokenClaims = z.object({
  sub: z.string(),
  iss: z.string(),
  exp: z.number().int(),
});

export const ZUser = z.object({
  email: z.string(),
  locale: z.string(),
  level: z.enum(USER_LEVELS),
  token: ZTokenClaims,
});
export type TUser = z.infer<typeof ZUser>;

/** A merchant as it appears in pickers, the top bar and lists. */
export const ZMerchantSummary = z.object({
  uuid: z.string(),
  name: z.string(),
  brand_name: z.string().nullable(),
  level: z.number().int(),
  /** The admin's flag; the merchant is invalid when it is false or errors are listed (isMerchantInvalid). */
  is_valid: z.boolean(),
  errors: z.array(z.string()),
  image: z.object({ src: z.string() }).nullable(),
  /** The caller's roles for this merchant (all roles for admins and agencies). */
  roles: z.array(z.enum(ACCOUNT_ROLES)),
});
export type TMerchantSummary = z.infer<typeof ZMerchantSummary>;

export const ZInitUserResponse = z.object({
  user: ZUser,
  merchantinfo: z.object({
    searchtype: z.enum(MERCHANT_SEARCH_TYPES),
    /** The first page of merchants the user may act for; pick more through GET /merchants. */
    merchants: z.array(ZMerchantSummary),
    total: z.number().int(),
  }),
});
export type TInitUserResponse = z.infer<typeof ZInitUserResponse>;

/** `merchant` is present when allowed, so a remembered merchant gets fresh data. */
export const ZLinkedWithAccountResponse = z.object({
  allowed: z.boolean(),
  merchant: ZMerchantSummary.optional(),
});
export type TLinkedWithAccountResponse = z.infer<typeof ZLinkedWithAccountResponse>;

/** Answer of the OAuth2 token endpoint (RFC 6749 section 5.1). */
export interface TTokenEndpointResponse {
  access_token: string;
  token_type: string;
  expires_in?: number;
  scope?: string;
}
