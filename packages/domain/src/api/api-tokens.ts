/**
 * Tokens for integrators ("API-Zugänge", docs/product.md#tokens-for-integrators):
 * a merchant's own access to the normal API for its systems, bound to the
 * merchant, to some of the account roles and to reading or reading and
 * writing. Not the ingest keys of the consumer app (api-keys.ts).
 */
import { z } from 'zod';
import { ACCOUNT_ROLES } from '../account/roles.js';
import { ZDateTime, ZUuid } from './common.js';

/** What a token may do: `read` only GET and HEAD requests, `write` every request its roles allow. */
export const API_TOKEN_ACCESS = ['read', 'write'] as const;
export type ApiTokenAccess = (typeof API_TOKEN_ACCESS)[number];

/** Live (not revoked, not expired) tokens one merchant may have. */
export const API_TOKENS_MAX = 20;
/** Longest name of a token. */
export const API_TOKEN_NAME_MAX = 80;
/** How far ahead a token's expiry may be, in days (a year, leap years included). */
export const API_TOKEN_EXPIRY_MAX_DAYS = 366;
/** The start of every token's secret, so a caller (and a secret scanner) can tell it apart. */
export const API_TOKEN_SECRET_PREFIX = 'cbt_';

/** Whether an expiry is allowed at `now`: in the future and at most API_TOKEN_EXPIRY_MAX_DAYS ahead. */
export function isAllowedApiTokenExpiry(expiresAt: string, now: number = Date.now()): boolean {
  const instant = Date.parse(expiresAt);
  return instant > now && instant <= now + API_TOKEN_EXPIRY_MAX_DAYS * 24 * 60 * 60 * 1000;
}

/** A token as its merchant's list shows it; the secret itself is shown once, at creation. */
export const ZApiToken = z.object({
  id: z.string(),
  name: z.string().meta({ examples: ['CRM-Abgleich'] }),
  roles: z.array(z.enum(ACCOUNT_ROLES)),
  access: z.enum(API_TOKEN_ACCESS),
  /** The first characters of the secret, to recognise it. */
  prefix: z.string().meta({ examples: ['cbt_T25seSBh'] }),
  createdAt: z.string(),
  /** The person who created it (null once that person is deleted). */
  createdBy: z.object({ id: z.string(), email: z.string() }).nullable(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TApiToken = z.infer<typeof ZApiToken>;

/** A merchant's tokens, newest first, revoked and expired ones included. */
export const ZApiTokenList = z.object({ items: z.array(ZApiToken) });
export type TApiTokenList = z.infer<typeof ZApiTokenList>;

export const ZApiTokenCreateBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .max(API_TOKEN_NAME_MAX)
    .meta({ examples: ['CRM-Abgleich'] }),
  roles: z
    .array(z.enum(ACCOUNT_ROLES))
    .min(1, { error: 'required' })
    .transform((roles) => [...new Set(roles)]),
  access: z.enum(API_TOKEN_ACCESS),
  /** Absent or null: the token does not expire. */
  expiresAt: ZDateTime.nullable()
    .optional()
    .refine((value) => value == null || isAllowedApiTokenExpiry(value), 'invalid_value'),
});
export type TApiTokenCreateBody = z.input<typeof ZApiTokenCreateBody>;

/** A new token: the secret is in this answer only. */
export const ZApiTokenCreated = z.object({
  token: ZApiToken,
  secret: z.string().meta({ examples: ['cbt_T25seSBhbiBleGFtcGxlLCBuZXZlciBhIHJlYWwgdG9'] }),
});
export type TApiTokenCreated = z.infer<typeof ZApiTokenCreated>;

export const ZApiTokenParams = z.object({ id: ZUuid });
