/**
 * One-time authorization codes: stored as a SHA-256 hash, valid for 60 s,
 * redeemed at most once (a conditional UPDATE, safe across server processes).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { oauthCodes } from '../db/schema.js';

export const CODE_TTL_SECONDS = 60;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export async function createAuthorizationCode(
  db: DbOrTx,
  grant: {
    clientId: string;
    redirectUri: string;
    userId: string;
    scope: string;
    codeChallenge: string;
  },
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  // Expired codes are worthless; clearing them here keeps the table small without a job.
  await db.delete(oauthCodes).where(lt(oauthCodes.expiresAt, sql`now() - interval '1 hour'`));
  await db.insert(oauthCodes).values({
    codeHash: sha256(code),
    ...grant,
    expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
  });
  return code;
}

export type RedeemResult =
  { ok: true; userId: string; scope: string } | { ok: false; error: 'invalid_grant' };

export async function redeemAuthorizationCode(
  db: DbOrTx,
  request: { code: string; clientId: string; redirectUri: string; codeVerifier: string },
): Promise<RedeemResult> {
  const [row] = await db
    .update(oauthCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oauthCodes.codeHash, sha256(request.code)),
        isNull(oauthCodes.usedAt),
        gt(oauthCodes.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!row) return { ok: false, error: 'invalid_grant' };
  const challengeMatches = sha256(request.codeVerifier) === row.codeChallenge;
  if (
    row.clientId !== request.clientId ||
    row.redirectUri !== request.redirectUri ||
    !challengeMatches
  ) {
    return { ok: false, error: 'invalid_grant' };
  }
  return { ok: true, userId: row.userId, scope: row.scope };
}
