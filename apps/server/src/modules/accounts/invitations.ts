/**
 * Data access for invitation tokens: 32 random bytes sent in the mail, stored
 * only as their SHA-256 hash, valid for INVITATION_TTL_HOURS, used once
 * (completing one is `completeInvitation` in service.ts). Every
 * mailed invitation stays a row (revoked when the account is removed), so
 * that the invitation limits count them across processes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { accountInvitations, users } from '../../platform/db/schema.js';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createInvitationToken(
  tx: DbOrTx,
  values: { userId: string; merchantId: string; invitedBy: string; ttlHours: number },
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + values.ttlHours * 3600_000);
  const [row] = await tx
    .insert(accountInvitations)
    .values({
      tokenHash: hashToken(token),
      userId: values.userId,
      merchantId: values.merchantId,
      invitedBy: values.invitedBy,
      expiresAt,
    })
    .returning({ id: accountInvitations.id });
  if (!row) throw new Error('insert returned no invitation');
  return { id: row.id, token, expiresAt };
}

/** Invitations (mails) of a merchant, and to a person, within the last hours. */
export async function countRecentInvitations(
  tx: DbOrTx,
  filter: { merchantId: string } | { userId: string },
  hours: number,
): Promise<number> {
  const since = new Date(Date.now() - hours * 3600_000);
  const [row] = await tx
    .select({ n: count() })
    .from(accountInvitations)
    .where(
      and(
        'merchantId' in filter
          ? eq(accountInvitations.merchantId, filter.merchantId)
          : eq(accountInvitations.userId, filter.userId),
        gt(accountInvitations.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** Takes back the open invitations of a person to a merchant (the link stops working). */
export async function revokeInvitations(
  tx: DbOrTx,
  invitee: { userId: string; merchantId: string },
): Promise<void> {
  await tx
    .update(accountInvitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(accountInvitations.userId, invitee.userId),
        eq(accountInvitations.merchantId, invitee.merchantId),
        isNull(accountInvitations.usedAt),
        isNull(accountInvitations.revokedAt),
      ),
    );
}

const isOpen = () =>
  and(
    isNull(accountInvitations.usedAt),
    isNull(accountInvitations.revokedAt),
    gt(accountInvitations.expiresAt, sql`now()`),
  );

/**
 * Takes back every open invitation of a person (to any merchant): someone
 * else set their password (create-admin), so no link may set it again. Their
 * pending accounts stay pending; the number of invitations taken back.
 */
export async function revokeOpenInvitationsOf(tx: DbOrTx, userId: string): Promise<number> {
  const revoked = await tx
    .update(accountInvitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(accountInvitations.userId, userId), isOpen()))
    .returning({ id: accountInvitations.id });
  return revoked.length;
}

/**
 * The invited person (id and email), when the token is valid and unused and
 * the person has no password yet: an invitation never replaces a password.
 */
export async function findOpenInvitation(
  db: DbOrTx,
  token: string,
): Promise<{ userId: string; email: string } | undefined> {
  const [row] = await db
    .select({ userId: users.id, email: users.email })
    .from(accountInvitations)
    .innerJoin(users, eq(users.id, accountInvitations.userId))
    .where(
      and(eq(accountInvitations.tokenHash, hashToken(token)), isOpen(), isNull(users.passwordHash)),
    );
  return row;
}

/**
 * Marks the token used with one conditional UPDATE (two submissions cannot
 * both win); the invitation, undefined when the token is not open.
 */
export async function redeemInvitationToken(tx: DbOrTx, token: string) {
  const [invitation] = await tx
    .update(accountInvitations)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountInvitations.tokenHash, hashToken(token)), isOpen()))
    .returning();
  return invitation;
}

/**
 * Marks the person's unused invitations to these merchants used (their
 * registration settles them).
 */
export async function settleInvitationsOf(
  tx: DbOrTx,
  userId: string,
  merchantIds: string[],
): Promise<void> {
  if (merchantIds.length === 0) return;
  await tx
    .update(accountInvitations)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountInvitations.userId, userId),
        inArray(accountInvitations.merchantId, merchantIds),
        isNull(accountInvitations.usedAt),
      ),
    );
}
