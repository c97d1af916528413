/** Data access for a merchant's accounts. */
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { accounts, merchants, users } from '../../db/schema.js';

export type AccountRow = typeof accounts.$inferSelect;

export interface AccountWithEmail {
  account: AccountRow;
  email: string;
}

export async function listAccounts(tx: DbOrTx, merchantId: string): Promise<AccountWithEmail[]> {
  const rows = await tx
    .select({ account: accounts, email: users.email })
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
  await tx
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .for('update');
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
