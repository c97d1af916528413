/**
 * Which merchants a user may act for, and with which roles (spec §6):
 * admins every merchant with every role, agencies the merchants they are
 * linked to with every role, everyone else their accounts' roles. Pending
 * invitations grant nothing.
 */
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  ACCOUNT_ROLES,
  DEFAULT_PAGE_SIZE,
  hasRole,
  type AccountRole,
  type TMerchantSummary,
} from '@backoffice/domain';
import type { DbOrTx } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { accounts, merchants, users } from '../../db/schema.js';
import { normaliseEmail, type UserRow } from '../users/queries.js';
import { forbidden, notFound } from '../../http/errors.js';

export type MerchantRow = typeof merchants.$inferSelect;

export interface MerchantAccess {
  merchant: MerchantRow;
  roles: AccountRole[];
}

export function merchantSummary(merchant: MerchantRow, roles: AccountRole[]): TMerchantSummary {
  return {
    uuid: merchant.id,
    name: merchant.name,
    brand_name: merchant.brandName,
    level: merchant.level,
    is_valid: merchant.isValid && merchant.errors.length === 0,
    errors: merchant.errors,
    image: merchant.imagePath ? { src: `/files/${merchant.imagePath}` } : null,
    roles,
  };
}

const ALL_ROLES = [...ACCOUNT_ROLES];

/** The merchant with the user's roles, or undefined when the user may not act for it. */
export async function findMerchantAccess(
  db: DbOrTx,
  user: UserRow,
  merchantId: string,
): Promise<MerchantAccess | undefined> {
  if (user.level === 'admin') {
    const [merchant] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
    return merchant ? { merchant, roles: ALL_ROLES } : undefined;
  }
  const [row] = await db
    .select({ merchant: merchants, roles: accounts.roles })
    .from(accounts)
    .innerJoin(merchants, eq(merchants.id, accounts.merchantId))
    .where(
      and(
        eq(accounts.userId, user.id),
        eq(accounts.merchantId, merchantId),
        eq(accounts.pendingInvitation, false),
      ),
    );
  if (!row) return undefined;
  return { merchant: row.merchant, roles: user.level === 'agency' ? ALL_ROLES : row.roles };
}

/**
 * The merchant, if the user may act for it and (when given) holds the role.
 * A merchant the user may not see answers 404 so that its existence is not told.
 */
export async function requireMerchantAccess(
  db: DbOrTx,
  user: UserRow,
  merchantId: string,
  role?: AccountRole,
): Promise<MerchantAccess> {
  const access = await findMerchantAccess(db, user, merchantId);
  if (!access) throw notFound();
  if (role && !hasRole(user, access.roles, role)) throw forbidden();
  return access;
}

/**
 * The user with that email and their access to a merchant, in one query
 * (lists call this on every page): undefined access when they may not act
 * for it. Same rules as findMerchantAccess.
 */
export async function findUserWithMerchantAccess(
  db: DbOrTx,
  email: string,
  merchantId: string,
): Promise<{ user: UserRow; access: MerchantAccess | undefined } | undefined> {
  // Every merchant-scoped request asks this: one prepared statement.
  const query = prepared(db, 'user-with-merchant-access', (name) =>
    db
      .select({ user: users, roles: accounts.roles, merchant: merchants })
      .from(users)
      .leftJoin(
        accounts,
        and(
          eq(accounts.userId, users.id),
          eq(accounts.merchantId, sql.placeholder('merchantId')),
          eq(accounts.pendingInvitation, false),
        ),
      )
      .leftJoin(merchants, eq(merchants.id, sql.placeholder('merchantId')))
      .where(eq(users.email, sql.placeholder('email')))
      .prepare(name),
  );
  const [row] = await query.execute({ merchantId, email: normaliseEmail(email) });
  if (!row) return undefined;
  const { user, roles, merchant } = row;
  if (!merchant) return { user, access: undefined };
  if (user.level === 'admin') return { user, access: { merchant, roles: ALL_ROLES } };
  if (!roles) return { user, access: undefined };
  return { user, access: { merchant, roles: user.level === 'agency' ? ALL_ROLES : roles } };
}

export interface MerchantPage {
  rows: TMerchantSummary[];
  total: number;
}

/** One page of the merchants the user may act for, filtered by name, brand or id, by name. */
export async function listMerchantsForUser(
  db: DbOrTx,
  user: UserRow,
  options: { page: number; filter?: string | undefined; pageSize?: number },
): Promise<MerchantPage> {
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const conditions: SQL[] = [];
  if (options.filter) {
    const pattern = `%${options.filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byText = or(ilike(merchants.name, pattern), ilike(merchants.brandName, pattern));
    if (byText) conditions.push(byText);
  }
  const offset = (options.page - 1) * pageSize;
  if (user.level === 'admin') {
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, [totals]] = await Promise.all([
      db
        .select()
        .from(merchants)
        .where(where)
        .orderBy(asc(merchants.name), asc(merchants.id))
        .limit(pageSize)
        .offset(offset),
      db.select({ total: count() }).from(merchants).where(where),
    ]);
    return { rows: rows.map((m) => merchantSummary(m, ALL_ROLES)), total: totals?.total ?? 0 };
  }
  const where = and(
    eq(accounts.userId, user.id),
    eq(accounts.pendingInvitation, false),
    ...conditions,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({ merchant: merchants, roles: accounts.roles })
      .from(accounts)
      .innerJoin(merchants, eq(merchants.id, accounts.merchantId))
      .where(where)
      .orderBy(asc(merchants.name), asc(merchants.id))
      .limit(pageSize)
      .offset(offset),
    db
      .select({ total: count() })
      .from(accounts)
      .innerJoin(merchants, eq(merchants.id, accounts.merchantId))
      .where(where),
  ]);
  return {
    rows: rows.map((r) =>
      merchantSummary(r.merchant, user.level === 'agency' ? ALL_ROLES : r.roles),
    ),
    total: totals?.total ?? 0,
  };
}
