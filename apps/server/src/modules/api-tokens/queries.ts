/** The statements of the integrator tokens' table: a merchant's list, its live count, one token, revoking. */
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { apiTokens, merchants, users } from '../../platform/db/schema.js';
import { lockRow } from '../../platform/db/row-locks.js';

export type ApiTokenRow = typeof apiTokens.$inferSelect;
/** A token with the address of the person who made it (null once they are gone). */
export type ApiTokenWithCreator = ApiTokenRow & { creatorEmail: string | null };

const withCreator = {
  id: apiTokens.id,
  merchantId: apiTokens.merchantId,
  name: apiTokens.name,
  roles: apiTokens.roles,
  access: apiTokens.access,
  tokenHash: apiTokens.tokenHash,
  prefix: apiTokens.prefix,
  createdBy: apiTokens.createdBy,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  revokedAt: apiTokens.revokedAt,
  creatorEmail: users.email,
};

/** The merchant's tokens, newest first, revoked and expired ones included. */
export function listTokens(db: DbOrTx, merchantId: string): Promise<ApiTokenWithCreator[]> {
  return db
    .select(withCreator)
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .where(eq(apiTokens.merchantId, merchantId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

export async function findToken(db: DbOrTx, id: string): Promise<ApiTokenWithCreator | undefined> {
  const [row] = await db
    .select(withCreator)
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .where(eq(apiTokens.id, id));
  return row;
}

/**
 * Locks the merchant's row for the rest of the transaction: two creations at
 * once count the live tokens one after the other (the limit holds).
 */
export async function lockMerchantTokens(tx: DbOrTx, merchantId: string): Promise<void> {
  await lockRow(tx, merchants.id, merchantId);
}

/** The merchant's live tokens: neither revoked nor expired. */
export async function countLiveTokens(db: DbOrTx, merchantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.merchantId, merchantId),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
      ),
    );
  return row?.n ?? 0;
}

export async function insertToken(
  db: DbOrTx,
  values: typeof apiTokens.$inferInsert,
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Revokes the token (a revoked one keeps its first revocation time). */
export async function revokeToken(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)));
}
