/** Data access of the merchant profile. */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { lockRow } from '../../platform/db/row-locks.js';
import { atVersion, nextVersion } from '../../platform/db/versions.js';
import { accounts, merchants, users } from '../../platform/db/schema.js';
import type { MerchantRow } from '../../platform/access/merchant-access.js';

type MerchantInsert = typeof merchants.$inferInsert;
type AccountInsert = typeof accounts.$inferInsert;

/** How many accepted accounts of the merchant hold the contact role. */
export async function countContactAccounts(db: DbOrTx, merchantId: string): Promise<number> {
  const [contacts] = await db
    .select({ total: count() })
    .from(accounts)
    .where(
      and(
        eq(accounts.merchantId, merchantId),
        eq(accounts.pendingInvitation, false),
        sql`${accounts.roles} ? 'contact'`,
      ),
    );
  return contacts?.total ?? 0;
}

export async function setMerchantErrors(
  db: DbOrTx,
  merchantId: string,
  errors: MerchantInsert['errors'],
): Promise<void> {
  await db.update(merchants).set({ errors }).where(eq(merchants.id, merchantId));
}

/** Up to `limit` merchants the user is an accepted account of. */
export async function membershipMerchants(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<MerchantRow[]> {
  const rows = await db
    .select({ merchant: merchants })
    .from(accounts)
    .innerJoin(merchants, eq(merchants.id, accounts.merchantId))
    .where(and(eq(accounts.userId, userId), eq(accounts.pendingInvitation, false)))
    .limit(limit);
  return rows.map((row) => row.merchant);
}

/**
 * Locks the user's row for the rest of the transaction: what depends on how
 * many merchants the user has (creating one) waits for another such change.
 */
export async function lockUserMemberships(tx: DbOrTx, userId: string): Promise<void> {
  await lockRow(tx, users.id, userId);
}

export async function findMerchant(db: DbOrTx, id: string): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id));
  return row;
}

export async function insertMerchant(db: DbOrTx, values: MerchantInsert): Promise<MerchantRow> {
  const [created] = await db.insert(merchants).values(values).returning();
  if (!created) throw new Error('insert returned no merchant');
  return created;
}

export async function insertAccount(db: DbOrTx, values: AccountInsert): Promise<void> {
  await db.insert(accounts).values(values);
}

/**
 * Saves the profile's fields and counts the version up, in one statement
 * that holds the row: when `expectedVersion` is given and another save has
 * moved the version on, nothing is written and the answer is false. Of two
 * saves from the same version at once, the second finds the first's version
 * once the first has committed (PostgreSQL re-reads the row it waited for).
 */
export async function updateMerchantProfile(
  db: DbOrTx,
  { merchantId, version: expectedVersion }: { merchantId: string; version: number | undefined },
  values: Partial<MerchantInsert>,
): Promise<boolean> {
  const updated = await db
    .update(merchants)
    .set({ ...values, version: nextVersion(merchants.version), updatedAt: sql`now()` })
    .where(and(eq(merchants.id, merchantId), atVersion(merchants.version, expectedVersion)))
    .returning({ id: merchants.id });
  return updated.length > 0;
}

/**
 * Sets (or clears) the image path, with the path it replaced read under the
 * row's lock: of uploads and removals at the same time, each learns the file
 * it alone replaced, and `replaced` has it removed in the same transaction
 * (a job). Undefined when the merchant is unknown.
 */
export async function setMerchantImage(
  db: Db,
  merchantId: string,
  {
    imagePath,
    replaced,
  }: {
    imagePath: string | null;
    /** Work of the same transaction on the path replaced (its removal's job). */
    replaced: (tx: DbOrTx, previous: string) => Promise<void>;
  },
): Promise<{ updated: MerchantRow; previous: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ previous: merchants.imagePath })
      .from(merchants)
      .where(eq(merchants.id, merchantId))
      .for('update');
    if (!locked) return undefined;
    const [updated] = await tx
      .update(merchants)
      .set({ imagePath, updatedAt: sql`now()` })
      .where(eq(merchants.id, merchantId))
      .returning();
    if (updated && locked.previous && locked.previous !== imagePath)
      await replaced(tx, locked.previous);
    return updated && { updated, previous: locked.previous };
  });
}
