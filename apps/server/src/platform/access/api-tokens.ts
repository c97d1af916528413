/**
 * Integrator tokens as callers (docs/decisions/043-integrator-tokens.md): a
 * bearer secret `cbt_…` on the normal API routes. The secret is stored as its
 * SHA-256 hash; every request looks it up (never cached), so a revocation or
 * an expiry holds at once on every server process. A live token becomes a
 * Caller of the access resolver: its creator's row at user level 'other',
 * with the token's grant (its merchant, roles and access).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { API_TOKEN_SECRET_PREFIX } from '@backoffice/domain';
import type { DbOrTx } from '../db/client.js';
import { apiTokens, users } from '../db/schema.js';
import type { Caller } from './merchant-access.js';

/** The characters of the secret shown in lists to recognise it (`cbt_` and 8 more). */
const SHOWN_PREFIX_LENGTH = API_TOKEN_SECRET_PREFIX.length + 8;
/** Longest bearer value taken as a token (the secrets are 47 characters). */
const SECRET_MAX_LENGTH = 200;

export const hashApiToken = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');

/** A new secret (shown once: 32 random bytes, 43 base64url characters) with what is stored of it. */
export function newApiTokenSecret(): { secret: string; tokenHash: string; prefix: string } {
  const secret = `${API_TOKEN_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, tokenHash: hashApiToken(secret), prefix: secret.slice(0, SHOWN_PREFIX_LENGTH) };
}

/** Whether a bearer value is an integrator token's secret (and not a session's signed token). */
export const isApiTokenSecret = (bearer: string): boolean =>
  bearer.startsWith(API_TOKEN_SECRET_PREFIX) && bearer.length <= SECRET_MAX_LENGTH;

/**
 * The caller a token's secret stands for, or undefined when it is unknown,
 * revoked, expired or its creator is gone. Marks when it was last used, at
 * most once a minute (the condition keeps several processes from writing
 * the same minute twice).
 */
export async function findTokenCaller(db: DbOrTx, secret: string): Promise<Caller | undefined> {
  const [row] = await db
    .select({ token: apiTokens, creator: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdBy))
    .where(
      and(
        eq(apiTokens.tokenHash, hashApiToken(secret)),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
      ),
    );
  if (!row) return undefined;
  const { token, creator } = row;
  if (!token.lastUsedAt || Date.now() - token.lastUsedAt.getTime() > 60_000) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiTokens.id, token.id),
          or(
            isNull(apiTokens.lastUsedAt),
            lt(apiTokens.lastUsedAt, sql`now() - interval '1 minute'`),
          ),
        ),
      );
  }
  return {
    ...creator,
    // A token is never an admin's or an agency's, and carries none of its creator's secrets.
    level: 'other',
    passwordHash: null,
    totpSecret: null,
    totpPendingSecret: null,
    token: { id: token.id, merchantId: token.merchantId, roles: token.roles, access: token.access },
  };
}

/** Whether a token's access allows the request's method: `read` only GET and HEAD. */
export const tokenAllowsMethod = (access: 'read' | 'write', method: string): boolean =>
  access === 'write' || method === 'GET' || method === 'HEAD';
