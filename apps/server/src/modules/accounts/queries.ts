/** Data access for a merchant's accounts. */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { lockRow } from '../../platform/db/row-locks.js';
import { accounts, merchants, users } from '../../platform/db/schema.js';
import type { UserRow } from '../../platform/users/users.js';

export type AccountRow = typeof accounts.$inferSelect;
type AccountInsert = typeof accounts.$inferInsert;

export interface AccountWithEmail {
  account: AccountRow;
  email: string;
  /** The person signs in with a second factor. */
  twoFactor?: boolean;
}

const twoFactorOn = sql<boolean>`${users.totpEnabledAt} is not null`;

export async function listAccounts(tx: DbOrTx, merchantId: string): Promise<AccountWithEmail[]> {
  const rows = await tx
    .select({ account: accounts, email: users.email, twoFactor: twoFactorOn })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(accounts.merchantId, merchantId))
    .orderBy(asc(users.email));
  return rows;
}

/**
 * Locks the merchant row for the rest of the transaction, so that two
 * concurrent commands on its accounts (limit, last manager) run one after the other.
 */
export async function lockMerchant(tx: DbOrTx, merchantId: string): Promise<void> {
  await lockRow(tx, merchants.id, merchantId);
}

export async function findAccount(
  tx: DbOrTx,
  merchantId: string,
  accountId: string,
): Promise<AccountRow | undefined> {
  const [row] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.merchantId, merchantId)));
  return row;
}

/** The account with its user's email. */
export async function findAccountWithEmail(
  tx: DbOrTx,
  accountId: string,
): Promise<AccountWithEmail | undefined> {
  const [row] = await tx
    .select({ account: accounts, email: users.email, twoFactor: twoFactorOn })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(accounts.id, accountId));
  return row;
}

export async function insertAccount(tx: DbOrTx, values: AccountInsert): Promise<AccountRow> {
  const [created] = await tx.insert(accounts).values(values).returning();
  if (!created) throw new Error('insert returned no account');
  return created;
}

export async function setAccountRoles(
  tx: DbOrTx,
  accountId: string,
  roles: AccountRow['roles'],
): Promise<void> {
  await tx.update(accounts).set({ roles }).where(eq(accounts.id, accountId));
}

export async function deleteAccount(tx: DbOrTx, accountId: string): Promise<void> {
  await tx.delete(accounts).where(eq(accounts.id, accountId));
}

/**
 * Locks an invited address for the rest of the transaction (an advisory
 * lock), so that concurrent invitations of one person count one after the other.
 */
export async function lockInvitationAddress(tx: DbOrTx, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invitation:${email}`}))`);
}

/** A user without password, known only by the invited address. */
export async function insertInvitedUser(tx: DbOrTx, email: string): Promise<UserRow> {
  const [inserted] = await tx.insert(users).values({ email }).returning();
  if (!inserted) throw new Error('insert returned no user');
  return inserted;
}

/**
 * Locks the invitee's row for the registration (before its invitation's, as
 * create-admin takes them) and tells whether they still have no password.
 */
export async function lockInviteeWithoutPassword(tx: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row !== undefined && row.passwordHash === null;
}

/** Sets the first password of a user who has none; the user, undefined when there is no such user. */
export async function setFirstPassword(
  tx: DbOrTx,
  userId: string,
  passwordHash: string,
): Promise<UserRow | undefined> {
  const [user] = await tx
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.passwordHash)))
    .returning();
  return user;
}

/** The merchants where the user has an account pending its invitation, in id order. */
export async function pendingMerchantsOf(tx: DbOrTx, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ merchantId: accounts.merchantId })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.pendingInvitation, true)))
    .orderBy(asc(accounts.merchantId));
  return rows.map((row) => row.merchantId);
}

/** Activates the user's pending accounts at these merchants; the merchants of those activated. */
export async function activatePendingAccounts(
  tx: DbOrTx,
  userId: string,
  merchantIds: string[],
): Promise<string[]> {
  if (merchantIds.length === 0) return [];
  const activated = await tx
    .update(accounts)
    .set({ pendingInvitation: false })
    .where(
      and(
        eq(accounts.userId, userId),
        inArray(accounts.merchantId, merchantIds),
        eq(accounts.pendingInvitation, true),
      ),
    )
    .returning({ merchantId: accounts.merchantId });
  return activated.map((row) => row.merchantId);
}
