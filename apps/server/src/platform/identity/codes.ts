/**
 * One-time authorization codes: stored as a SHA-256 hash, valid for 60 s,
 * redeemed at most once (a conditional UPDATE, safe across server processes).
 * Both hold the user's credentials (sessions.ts, holdCredentials), so that a
 * change of password or rights voids every code issued before it and none is
 * issued or redeemed past it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { oauthCodes } from '../db/schema.js';
import { holdCredentials } from './sessions.js';

export const CODE_TTL_SECONDS = 60;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * A code for a sign-in whose password (hash) was verified; undefined when the
 * password has changed since.
 */
export async function createAuthorizationCode(
  db: Db,
  grant: {
    clientId: string;
    redirectUri: string;
    userId: string;
    scope: string;
    codeChallenge: string;
  },
  passwordHash: string,
): Promise<string | undefined> {
  const code = randomBytes(32).toString('base64url');
  // Expired codes are worthless; clearing them here keeps the table small without a job.
  await db.delete(oauthCodes).where(lt(oauthCodes.expiresAt, sql`now() - interval '1 hour'`));
  return db.transaction(async (tx) => {
    if (!(await holdCredentials(tx, grant.userId, passwordHash))) return undefined;
    await tx.insert(oauthCodes).values({
      codeHash: sha256(code),
      ...grant,
      expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
    });
    return code;
  });
}

export type RedeemResult =
  { ok: true; userId: string; scope: string } | { ok: false; error: 'invalid_grant' };

/**
 * Redeems a code within the caller's transaction, which then holds the
 * code's user's credentials: a session it starts there is one that a change
 * of password or rights either ends or never lets start.
 */
export async function redeemAuthorizationCode(
  tx: DbOrTx,
  request: { code: string; clientId: string; redirectUri: string; codeVerifier: string },
): Promise<RedeemResult> {
  const [owner] = await tx
    .select({ userId: oauthCodes.userId })
    .from(oauthCodes)
    .where(eq(oauthCodes.codeHash, sha256(request.code)));
  // The user's row before the code's, in the order a change of password takes them.
  if (!owner || !(await holdCredentials(tx, owner.userId))) {
    return { ok: false, error: 'invalid_grant' };
  }
  const [row] = await tx
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
