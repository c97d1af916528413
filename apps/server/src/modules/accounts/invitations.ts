/**
 * Invitation tokens: 32 random bytes sent in the mail, stored only as their
 * SHA-256 hash, valid for INVITATION_TTL_HOURS, used once. Completing one sets
 * the password and activates every pending account of that person. Every
 * mailed invitation stays a row (revoked when the account is removed), so
 * that the invitation limits count them across processes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { accountInvitations, accounts, users } from '../../db/schema.js';
import { refreshMerchantErrors } from '../merchants/service.js';

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

/** The invited person's email, when the token is valid and unused. */
export async function findOpenInvitation(
  db: DbOrTx,
  token: string,
): Promise<{ email: string } | undefined> {
  const [row] = await db
    .select({ email: users.email })
    .from(accountInvitations)
    .innerJoin(users, eq(users.id, accountInvitations.userId))
    .where(and(eq(accountInvitations.tokenHash, hashToken(token)), isOpen()));
  return row;
}

/**
 * Redeems the token with one conditional UPDATE (two submissions cannot both
 * win), sets the password and activates the person's pending accounts.
 */
export async function completeInvitation(
  db: Db,
  token: string,
  passwordHash: string,
): Promise<{ email: string } | undefined> {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .update(accountInvitations)
      .set({ usedAt: sql`now()` })
      .where(and(eq(accountInvitations.tokenHash, hashToken(token)), isOpen()))
      .returning();
    if (!invitation) return undefined;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, invitation.userId))
      .returning();
    if (!user) return undefined;
    const activated = await tx
      .update(accounts)
      .set({ pendingInvitation: false })
      .where(and(eq(accounts.userId, user.id), eq(accounts.pendingInvitation, true)))
      .returning({ merchantId: accounts.merchantId });
    // Other invitations of the same person are settled by this registration.
    await tx
      .update(accountInvitations)
      .set({ usedAt: sql`now()` })
      .where(and(eq(accountInvitations.userId, user.id), isNull(accountInvitations.usedAt)));
    for (const { merchantId } of activated) await refreshMerchantErrors(tx, merchantId);
    return { email: user.email };
  });
}
