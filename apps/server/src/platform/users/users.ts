/** Data access for users, and the one place where email addresses are normalised. */
import { domainToASCII } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { normaliseEmailText } from '@backoffice/domain';
import type { Db, DbOrTx } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { users } from '../db/schema.js';
import { AppError } from '../errors.js';

export type UserRow = typeof users.$inferSelect;

/**
 * The stored form of an address: trimmed, NFKC, lower case, the domain's
 * final dot dropped (the domain package's rule, so "ｓilver@" is "silver@"
 * and "silver@example.com." is "silver@example.com"), and the domain in IDNA
 * ASCII (punycode), so that a look-alike domain shows as what it is. Every
 * way in takes it: sign-in (and its per-account attempt limit), accounts
 * added and invited, create-admin, an external provider's address.
 */
export function normaliseEmail(email: string): string {
  const text = normaliseEmailText(email);
  const at = text.lastIndexOf('@');
  if (at < 0) return text;
  const domain = text.slice(at + 1);
  // domainToASCII answers '' for what is no domain; such an address matches nobody as it is.
  const ascii = domain ? domainToASCII(domain) : '';
  return `${text.slice(0, at)}@${ascii || domain}`;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
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

/** The user bound to an external provider's identity; every request of such a user asks this. */
export async function findUserByExternalIdentity(
  db: DbOrTx,
  identity: { iss: string; sub: string },
): Promise<UserRow | undefined> {
  const query = prepared(db, 'user-by-external-identity', (name) =>
    db
      .select()
      .from(users)
      .where(
        and(
          eq(users.externalIssuer, sql.placeholder('iss')),
          eq(users.externalSubject, sql.placeholder('sub')),
        ),
      )
      .prepare(name),
  );
  const [row] = await query.execute(identity);
  return row;
}

/**
 * Binds an external provider's identity (issuer, subject) to a user on its
 * first sight: an existing user with the token's email only when the provider
 * says the email is verified and the user is bound to no other identity; else
 * a new user. Accounts are added by email, so an unverified email never
 * becomes a user's address.
 */
export async function bindExternalUser(
  db: Db,
  claims: { email: string; emailVerified: boolean; iss: string; sub: string },
): Promise<UserRow> {
  if (!claims.emailVerified) throw new AppError(403, 'email_not_verified');
  const email = normaliseEmail(claims.email);
  const boundHere = (user: UserRow) =>
    user.externalIssuer === claims.iss && user.externalSubject === claims.sub;
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    if (existing) {
      // A first visit in two tabs: the other request has just bound it.
      if (boundHere(existing)) return existing;
      if (existing.externalIssuer !== null || existing.externalSubject !== null) {
        throw new AppError(403, 'identity_conflict');
      }
      const [bound] = await tx
        .update(users)
        .set({ externalIssuer: claims.iss, externalSubject: claims.sub, updatedAt: sql`now()` })
        .where(eq(users.id, existing.id))
        .returning();
      if (!bound) throw new Error('update returned no user');
      return bound;
    }
    const [created] = await tx
      .insert(users)
      .values({ email, externalIssuer: claims.iss, externalSubject: claims.sub })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (created) return created;
    // Another request created the user since the read above (and has committed).
    const [other] = await tx.select().from(users).where(eq(users.email, email));
    if (other && boundHere(other)) return other;
    throw new AppError(403, 'identity_conflict');
  });
}
