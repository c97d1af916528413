/** Data access of the mail settings per account and the weekly statistics mail. */
import { and, count, eq, gte, lte, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import {
  accounts,
  campaignCounters,
  campaigns,
  merchantDailyStats,
  merchants,
  systemSettings,
  users,
} from '../../platform/db/schema.js';
import type { MerchantRow } from '../../platform/access/merchant-access.js';

type AccountRow = typeof accounts.$inferSelect;

/** The merchant's accepted accounts with their users' emails, by email. */
export function activeAccountsWithEmail(
  db: DbOrTx,
  merchantId: string,
): Promise<{ account: AccountRow; email: string }[]> {
  return db
    .select({ account: accounts, email: users.email })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.merchantId, merchantId), eq(accounts.pendingInvitation, false)))
    .orderBy(users.email);
}

export async function findAccount(
  db: DbOrTx,
  merchantId: string,
  accountId: string,
): Promise<AccountRow | undefined> {
  const [account] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.merchantId, merchantId)));
  return account;
}

export async function setNotificationSettings(
  db: DbOrTx,
  accountId: string,
  settings: AccountRow['notificationSettings'],
): Promise<void> {
  await db
    .update(accounts)
    .set({ notificationSettings: settings })
    .where(eq(accounts.id, accountId));
}

/** The merchant's accepted accounts' emails, roles and mail settings. */
export function recipientCandidates(
  db: DbOrTx,
  merchantId: string,
): Promise<
  { email: string; roles: AccountRow['roles']; settings: AccountRow['notificationSettings'] }[]
> {
  return db
    .select({ email: users.email, roles: accounts.roles, settings: accounts.notificationSettings })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.merchantId, merchantId), eq(accounts.pendingInvitation, false)));
}

export async function findMerchant(
  db: DbOrTx,
  merchantId: string,
): Promise<MerchantRow | undefined> {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  return merchant;
}

/**
 * Claims the calendar week starting on `monday` (yyyy-mm-dd) for the weekly
 * mail: a conditional upsert of `key`, whose value is the Monday of the last
 * week claimed. True when no later or equal week was claimed before; in the
 * transaction that enqueues the mails, the claim stands or falls with them,
 * and a concurrent claim of the same week waits for it and then finds it taken.
 */
export async function claimWeek(db: DbOrTx, key: string, monday: string): Promise<boolean> {
  const claimed = await db
    .insert(systemSettings)
    .values({ key, value: monday })
    .onConflictDoUpdate({
      target: systemSettings.key,
      set: { value: sql`to_jsonb(${monday}::text)` },
      where: sql`(${systemSettings.value} #>> '{}')::date < ${monday}::date`,
    })
    .returning();
  return claimed.length > 0;
}

/** The accepted accounts of every merchant, with their users' emails and languages. */
export function weeklyRecipientCandidates(db: DbOrTx) {
  return db
    .select({
      merchantId: accounts.merchantId,
      email: users.email,
      locale: users.locale,
      roles: accounts.roles,
      settings: accounts.notificationSettings,
    })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(accounts.pendingInvitation, false))
    .orderBy(accounts.merchantId, users.email);
}

const views = (t: typeof merchantDailyStats | typeof campaignCounters) =>
  sql<number>`coalesce(sum(${t.viewList} + ${t.viewDetail} + ${t.viewMail}), 0)`.mapWith(Number);

/** Per merchant: running campaigns, and all-time participations and views (the campaigns' counters). */
export function weeklyStatistics(db: DbOrTx) {
  return db
    .select({
      merchant: merchants,
      running: sql<number>`count(*) filter (where ${campaigns.status} = 'active')`.mapWith(Number),
      participations: sql<number>`coalesce(${sum(campaignCounters.participations)}, 0)`.mapWith(
        Number,
      ),
      views: views(campaignCounters),
      campaigns: count(campaigns.id),
    })
    .from(merchants)
    .leftJoin(campaigns, eq(campaigns.merchantId, merchants.id))
    .leftJoin(campaignCounters, eq(campaignCounters.campaignId, campaigns.id))
    .groupBy(merchants.id);
}

/**
 * Per merchant with any: participations and views on the days `from` to
 * `until` (yyyy-mm-dd, both included), from the daily rollups, whose days are
 * those of the configured time zone.
 */
export function statisticsOfDays(db: DbOrTx, from: string, until: string) {
  const t = merchantDailyStats;
  return db
    .select({
      merchantId: t.merchantId,
      participations: sql<number>`coalesce(sum(${t.participations}), 0)`.mapWith(Number),
      views: views(t),
    })
    .from(t)
    .where(and(gte(t.day, from), lte(t.day, until)))
    .groupBy(t.merchantId);
}
