/**
 * People who sign in: a user (level admin, agency or other) with a password
 * of the built-in provider, and their memberships of merchants (accounts
 * with roles). An agency's merchants are its memberships too.
 */
import { ACCOUNT_ROLES, type AccountRole, type UserLevel } from '@backoffice/domain';
import type { DbOrTx } from '../../src/platform/db/client.js';
import { accounts, users } from '../../src/platform/db/schema.js';
import { hashPassword } from '../../src/platform/identity/passwords.js';
import { createMerchant, type CreatedMerchant, type MerchantOptions } from './merchants.js';

/** The password of every person a factory makes, unless the test names another. */
export const TEST_PASSWORD = 'test-password';

export interface MembershipOptions {
  merchantId: string;
  /** Every role when left out. */
  roles?: readonly AccountRole[];
  /** Invited and not registered yet. */
  pendingInvitation?: boolean;
}

export interface PersonOptions {
  /** Unique per test file when left out (`person-1@test.example`, ...). */
  email?: string;
  /** TEST_PASSWORD when left out; null for a person without a password (invited, or signing in elsewhere). */
  password?: string | null;
  level?: UserLevel;
  locale?: 'de' | 'en';
  memberships?: readonly (MembershipOptions | string)[];
}

export interface CreatedPerson {
  id: string;
  email: string;
  /** What signs the person in (empty for a person without a password). */
  password: string;
  level: UserLevel;
  /** The account id of each membership, by merchant id. */
  accountIds: Record<string, string>;
}

let personCount = 0;
const hashes = new Map<string, Promise<string>>();

/** Argon2id takes some 30 ms: each password is hashed once per test file. */
function hashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/**
 * Inserts a person and their memberships (a merchant id alone is a
 * membership with every role).
 */
export async function createPerson(
  db: DbOrTx,
  options: PersonOptions = {},
): Promise<CreatedPerson> {
  personCount += 1;
  const email = (options.email ?? `person-${personCount}@test.example`).toLowerCase();
  const password = options.password === undefined ? TEST_PASSWORD : options.password;
  const level = options.level ?? 'other';
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: password === null ? null : await hashOf(password),
      level,
      locale: options.locale ?? 'de',
    })
    .returning({ id: users.id });
  if (!row) throw new Error('the person was not inserted');
  const accountIds: Record<string, string> = {};
  for (const membership of options.memberships ?? []) {
    const { merchantId, roles, pendingInvitation } =
      typeof membership === 'string' ? { merchantId: membership } : membership;
    const [account] = await db
      .insert(accounts)
      .values({
        merchantId,
        userId: row.id,
        roles: [...(roles ?? ACCOUNT_ROLES)],
        pendingInvitation: pendingInvitation ?? false,
      })
      .returning({ id: accounts.id });
    if (account) accountIds[merchantId] = account.id;
  }
  return { id: row.id, email, password: password ?? '', level, accountIds };
}

/** An admin: sees and manages every merchant. */
export function createAdmin(db: DbOrTx, options: Omit<PersonOptions, 'level'> = {}) {
  return createPerson(db, { ...options, level: 'admin' });
}

/** An agency acting for the given merchants (every role in each). */
export function createAgency(
  db: DbOrTx,
  merchantIds: readonly string[],
  options: Omit<PersonOptions, 'level' | 'memberships'> = {},
) {
  return createPerson(db, { ...options, level: 'agency', memberships: merchantIds });
}

/** A merchant and a person holding every role in it (its owner). */
export async function createMerchantWithOwner(
  db: DbOrTx,
  merchant: MerchantOptions = {},
  person: Omit<PersonOptions, 'memberships'> = {},
): Promise<{ merchant: CreatedMerchant; owner: CreatedPerson }> {
  const created = await createMerchant(db, merchant);
  const owner = await createPerson(db, { ...person, memberships: [created.id] });
  return { merchant: created, owner };
}
