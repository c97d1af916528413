/**
 * Sign-ins between the password and the second step (sign_in_challenges):
 * 'verify' asks for a code, 'setup' makes an admin set up two-factor
 * sign-in first (MFA_REQUIRED_FOR_ADMINS). The token travels in the page's
 * form and is stored hashed; a challenge lasts a few minutes, allows
 * MAX_ATTEMPTS codes and finishes one sign-in at most. Each of these is one
 * conditional UPDATE, safe across server processes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { signInChallenges, users } from '../../platform/db/schema.js';

export const MAX_ATTEMPTS = 5;
/** A code is asked within five minutes of the password. */
export const VERIFY_TTL_MINUTES = 5;
/** Setting up takes longer (an app to open, a QR code to scan, recovery codes to keep). */
export const SETUP_TTL_MINUTES = 15;

export type ChallengeRow = typeof signInChallenges.$inferSelect;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** A new challenge for a sign-in whose password (hash) was verified; its token. */
export async function createChallenge(
  db: Db,
  challenge: {
    userId: string;
    kind: 'verify' | 'setup';
    passwordHash: string;
    pendingSecret?: string;
  },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const minutes = challenge.kind === 'setup' ? SETUP_TTL_MINUTES : VERIFY_TTL_MINUTES;
  // Old challenges are worthless; clearing them here keeps the table small without a job.
  await db
    .delete(signInChallenges)
    .where(lt(signInChallenges.expiresAt, sql`now() - interval '1 hour'`));
  await db.insert(signInChallenges).values({
    tokenHash: sha256(token),
    userId: challenge.userId,
    kind: challenge.kind,
    passwordHash: challenge.passwordHash,
    pendingSecret: challenge.pendingSecret ?? null,
    expiresAt: new Date(Date.now() + minutes * 60_000),
  });
  return token;
}

const open = (token: string) =>
  and(
    eq(signInChallenges.tokenHash, sha256(token)),
    isNull(signInChallenges.usedAt),
    gt(signInChallenges.expiresAt, sql`now()`),
  );

/** The open challenge of `token` with its account's email, or undefined. */
export async function findOpenChallenge(
  db: DbOrTx,
  token: string,
  kind: 'verify' | 'setup',
): Promise<(ChallengeRow & { email: string }) | undefined> {
  const [row] = await db
    .select({ challenge: signInChallenges, email: users.email })
    .from(signInChallenges)
    .innerJoin(users, eq(users.id, signInChallenges.userId))
    .where(and(open(token), eq(signInChallenges.kind, kind)));
  return row && { ...row.challenge, email: row.email };
}

/** Counts an attempt; the challenge, or undefined when it is over (used, expired, out of attempts). */
export async function takeAttempt(
  db: DbOrTx,
  token: string,
  kind: 'verify' | 'setup',
): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(
      and(
        open(token),
        eq(signInChallenges.kind, kind),
        lt(signInChallenges.attempts, MAX_ATTEMPTS),
        // A set-up that is done only waits for "continue".
        kind === 'setup' ? sql`${signInChallenges.pendingSecret} is not null` : undefined,
      ),
    )
    .returning();
  return row;
}

/** Ends the challenge (its sign-in goes on); false when it had ended already. */
export async function useChallenge(db: DbOrTx, token: string): Promise<boolean> {
  const rows = await db
    .update(signInChallenges)
    .set({ usedAt: sql`now()` })
    .where(open(token))
    .returning({ tokenHash: signInChallenges.tokenHash });
  return rows.length > 0;
}

/** A set-up challenge whose secret is now the account's: it waits for "continue". */
export async function markSetupDone(tx: DbOrTx, token: string): Promise<boolean> {
  const rows = await tx
    .update(signInChallenges)
    .set({ pendingSecret: null })
    .where(and(open(token), eq(signInChallenges.kind, 'setup')))
    .returning({ tokenHash: signInChallenges.tokenHash });
  return rows.length > 0;
}

/** Ends a set-up challenge that is done ("continue"); the row, or undefined. */
export async function takeFinishedSetup(
  db: DbOrTx,
  token: string,
): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .update(signInChallenges)
    .set({ usedAt: sql`now()` })
    .where(
      and(open(token), eq(signInChallenges.kind, 'setup'), isNull(signInChallenges.pendingSecret)),
    )
    .returning();
  return row;
}
