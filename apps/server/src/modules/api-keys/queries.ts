/** Data access of the consumer app's API keys. */
import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { apiKeys, users } from '../../platform/db/schema.js';

export type KeyRow = typeof apiKeys.$inferSelect;

/** Every key, newest first, with its creator's email. */
export function listKeys(db: DbOrTx): Promise<{ key: KeyRow; email: string | null }[]> {
  return db
    .select({ key: apiKeys, email: users.email })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .orderBy(desc(apiKeys.createdAt));
}

export async function insertKey(
  db: DbOrTx,
  values: { name: string; keyHash: string; prefix: string; createdBy: string },
): Promise<KeyRow> {
  const [key] = await db.insert(apiKeys).values(values).returning();
  if (!key) throw new Error('insert returned no key');
  return key;
}

/** Revokes a key (a revoked one keeps its first revocation time); undefined when unknown. */
export async function revokeKey(db: DbOrTx, id: string): Promise<KeyRow | undefined> {
  const [key] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(eq(apiKeys.id, id))
    .returning();
  return key;
}
