/** Data access for users. */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  // Every request asks this: one prepared statement.
  const query = prepared(db, 'user-by-email', (name) =>
    db
      .select()
      .from(users)
      .where(eq(users.email, sql.placeholder('email')))
      .prepare(name),
  );
  const [row] = await query.execute({ email: normaliseEmail(email) });
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function touchLastLogin(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, id));
}

/**
 * The user a verified token speaks for: created on first sight (a user of an
 * external provider), otherwise updated with the issuer and subject seen.
 */
export async function upsertUserFromToken(
  db: DbOrTx,
  claims: { email: string; iss: string; sub: string },
): Promise<UserRow> {
  const email = normaliseEmail(claims.email);
  const [row] = await db
    .insert(users)
    .values({ email, externalIssuer: claims.iss, externalSubject: claims.sub })
    .onConflictDoUpdate({
      target: users.email,
      set: { externalIssuer: claims.iss, externalSubject: claims.sub, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}
