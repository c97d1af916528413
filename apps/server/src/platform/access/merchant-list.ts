/**
 * The merchants a user may act for, as the user sees them: the summary the
 * web app keeps for the selected merchant, and the paged, filtered list of
 * the selection modal and init-user. Built on the access resolver's rule.
 */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_PAGE_SIZE,
  effectiveRoles,
  type AccountRole,
  type TMerchantListRow,
  type TMerchantSummary,
} from '@backoffice/domain';
import type { DbOrTx } from '../db/client.js';
import { accounts, campaigns, merchants } from '../db/schema.js';
import { merchantNameMatches, merchantNameOrder } from '../db/text-search.js';
import type { MerchantRow, UserRow } from './merchant-access.js';

export function merchantSummary(
  merchant: MerchantRow,
  roles: readonly AccountRole[],
): TMerchantSummary {
  return {
    uuid: merchant.id,
    name: merchant.name,
    brand_name: merchant.brandName,
    level: merchant.level,
    is_valid: merchant.isValid,
    errors: merchant.errors,
    image: merchant.imagePath ? { src: `/files/${merchant.imagePath}` } : null,
    roles: [...roles],
  };
}

export interface MerchantPage {
  rows: TMerchantListRow[];
  total: number;
}

/** One page of the merchants the user may act for, filtered by name or brand, by name (German order). */
export async function listMerchantsForUser(
  db: DbOrTx,
  user: UserRow,
  options: { page: number; filter?: string | undefined; pageSize?: number },
): Promise<MerchantPage> {
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const conditions: SQL[] = [];
  if (options.filter) conditions.push(merchantNameMatches(options.filter));
  const offset = (options.page - 1) * pageSize;
  // Admins see every merchant (no account needed); everyone else their confirmed accounts'.
  const linked = user.level !== 'admin';
  const join = and(
    eq(accounts.merchantId, merchants.id),
    eq(accounts.userId, user.id),
    eq(accounts.pendingInvitation, false),
  );
  const base = () => {
    const select = db
      .select({
        merchant: merchants,
        roles: accounts.roles,
        campaignCount: sql<number>`(select count(*) from ${campaigns}
          where ${campaigns.merchantId} = ${merchants.id} and ${campaigns.status} <> 'deleted')::int`,
      })
      .from(merchants);
    return linked ? select.innerJoin(accounts, join) : select.leftJoin(accounts, join);
  };
  const counter = () => {
    const select = db.select({ total: count() }).from(merchants);
    return linked ? select.innerJoin(accounts, join) : select;
  };
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    base()
      .where(where)
      .orderBy(merchantNameOrder(), asc(merchants.id))
      .limit(pageSize)
      .offset(offset),
    counter().where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...merchantSummary(row.merchant, effectiveRoles(user, row.roles ?? undefined) ?? []),
      // The internal name is the admins' (as on the merchant profile).
      internal_name: user.level === 'admin' ? row.merchant.internalName : null,
      campaign_count: Number(row.campaignCount),
    })),
    total: totals?.total ?? 0,
  };
}
