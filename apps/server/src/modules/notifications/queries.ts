/** Data access of the mail settings per account and the weekly statistics mail. */
import { and, count, eq, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  accounts,
  campaignCounters,
  campaigns,
  merchants,
  systemSettings,
  users,
} from '../../db/schema.js';
import type { MerchantRow } from '../../access/merchant-access.js';

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
 * Claims the week for the weekly mail with a conditional upsert of `key`:
 * true when no claim is younger than `weekMs`.
 */
export async function claimWeek(
  db: DbOrTx,
  key: string,
  now: Date,
  weekMs: number,
): Promise<boolean> {
  const claimed = await db
    .insert(systemSettings)
    .values({ key, value: now.toISOString() })
    .onConflictDoUpdate({
      target: systemSettings.key,
      set: { value: sql`to_jsonb(${now.toISOString()}::text)` },
      where: sql`(${systemSettings.value} #>> '{}')::timestamptz <= ${new Date(now.getTime() - weekMs).toISOString()}::timestamptz`,
    })
    .returning();
  return claimed.length > 0;
}

/** Per merchant: running campaigns, participations, views and campaigns. */
export function weeklyStatistics(db: DbOrTx) {
  return db
    .select({
      merchant: merchants,
      running: sql<number>`count(*) filter (where ${campaigns.status} = 'active')`.mapWith(Number),
      participations: sum(campaignCounters.participations).mapWith(Number),
      views:
        sql<number>`coalesce(sum(${campaignCounters.viewList} + ${campaignCounters.viewDetail} + ${campaignCounters.viewMail}), 0)`.mapWith(
          Number,
        ),
      campaigns: count(campaigns.id),
    })
    .from(merchants)
    .leftJoin(campaigns, eq(campaigns.merchantId, merchants.id))
    .leftJoin(campaignCounters, eq(campaignCounters.campaignId, campaigns.id))
    .groupBy(merchants.id);
}
