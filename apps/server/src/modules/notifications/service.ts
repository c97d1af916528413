/**
 * Which mails each account receives (issue 5): the settings per account, the
 * recipients of an event, and the mails of the events that are not campaign
 * status changes (open wins, weekly statistics).
 */
import { and, count, eq, sql, sum } from 'drizzle-orm';
import {
  effectiveNotificationSettings,
  type NotificationEvent,
  type NotificationSettings,
  type TNotificationListResponse,
} from '@backoffice/domain';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { accounts, campaigns, merchants, systemSettings, users } from '../../db/schema.js';
import { notFound, forbidden } from '../../http/errors.js';
import { openWinsMail, weeklyStatisticsMail } from '../../mail/templates.js';
import { requireMerchantAccess } from '../../access/merchant-access.js';
import type { UserRow } from '../users/queries.js';

export async function notificationList(
  ctx: AppContext,
  user: UserRow,
  merchantId: string,
): Promise<TNotificationListResponse> {
  const access = await requireMerchantAccess(ctx.db, user, merchantId);
  const managesAccounts = access.roles.includes('manage-accounts');
  const rows = await ctx.db
    .select({ account: accounts, email: users.email })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.merchantId, merchantId), eq(accounts.pendingInvitation, false)))
    .orderBy(users.email);
  return {
    rows: rows
      .filter((row) => managesAccounts || row.account.userId === user.id)
      .map((row) => ({
        account_id: row.account.id,
        email: row.email,
        is_self: row.account.userId === user.id,
        editable: managesAccounts || row.account.userId === user.id,
        settings: effectiveNotificationSettings(
          row.account.notificationSettings,
          row.account.roles,
        ),
      })),
  };
}

/** Saves one account's settings: its own user, or anyone with manage-accounts. */
export async function saveNotificationSettings(
  ctx: AppContext,
  user: UserRow,
  merchantId: string,
  accountId: string,
  settings: NotificationSettings,
): Promise<TNotificationListResponse> {
  const access = await requireMerchantAccess(ctx.db, user, merchantId);
  const [account] = await ctx.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.merchantId, merchantId)));
  if (!account) throw notFound();
  if (account.userId !== user.id && !access.roles.includes('manage-accounts')) {
    throw forbidden();
  }
  await ctx.db
    .update(accounts)
    .set({ notificationSettings: settings })
    .where(eq(accounts.id, accountId));
  return notificationList(ctx, user, merchantId);
}

/** The addresses of a merchant's active accounts that want mails of this event. */
export async function recipientsOf(
  db: DbOrTx,
  merchantId: string,
  event: NotificationEvent,
): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, roles: accounts.roles, settings: accounts.notificationSettings })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.merchantId, merchantId), eq(accounts.pendingInvitation, false)));
  return rows
    .filter((row) => effectiveNotificationSettings(row.settings, row.roles)[event])
    .map((row) => row.email);
}

/** Mails the accounts that want it about wins waiting to be handled in the winner app. */
export async function notifyOpenWins(
  ctx: AppContext,
  merchantId: string,
  openWins: number,
): Promise<boolean> {
  if (openWins <= 0) return false;
  const [merchant] = await ctx.db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!merchant) return false;
  const to = await recipientsOf(ctx.db, merchantId, 'open_wins');
  if (to.length === 0) return false;
  await ctx.mailer.send({
    to,
    ...openWinsMail({
      merchant: merchant.brandName ?? merchant.name,
      count: String(openWins),
      link: ctx.config.web.winnerAppUrl,
      appName: ctx.config.web.appName,
    }),
  });
  return true;
}

const WEEKLY_KEY = 'weekly_statistics_sent_at';
const WEEK_MS = 7 * 24 * 3600_000;

/**
 * Sends the weekly statistics mail to every merchant's accounts that want it,
 * at most once a week across all processes (a conditional upsert claims the week).
 */
export async function sendWeeklyStatistics(ctx: AppContext, now = new Date()): Promise<number> {
  const claimed = await ctx.db
    .insert(systemSettings)
    .values({ key: WEEKLY_KEY, value: now.toISOString() })
    .onConflictDoUpdate({
      target: systemSettings.key,
      set: { value: sql`to_jsonb(${now.toISOString()}::text)` },
      where: sql`(${systemSettings.value} #>> '{}')::timestamptz <= ${new Date(now.getTime() - WEEK_MS).toISOString()}::timestamptz`,
    })
    .returning();
  if (claimed.length === 0) return 0;
  const stats = await ctx.db
    .select({
      merchant: merchants,
      running: sql<number>`count(*) filter (where ${campaigns.status} = 'active')`.mapWith(Number),
      participations: sum(campaigns.participations).mapWith(Number),
      views:
        sql<number>`coalesce(sum(${campaigns.viewList} + ${campaigns.viewDetail} + ${campaigns.viewMail}), 0)`.mapWith(
          Number,
        ),
      campaigns: count(campaigns.id),
    })
    .from(merchants)
    .leftJoin(campaigns, eq(campaigns.merchantId, merchants.id))
    .groupBy(merchants.id);
  let sent = 0;
  for (const row of stats) {
    try {
      const to = await recipientsOf(ctx.db, row.merchant.id, 'weekly_statistics');
      if (to.length === 0) continue;
      await ctx.mailer.send({
        to,
        ...weeklyStatisticsMail({
          merchant: row.merchant.brandName ?? row.merchant.name,
          running: String(row.running),
          participations: String(row.participations || 0),
          views: String(row.views),
          appName: ctx.config.web.appName,
        }),
      });
      sent += 1;
    } catch (error) {
      ctx.log.error({ err: error, merchant: row.merchant.id }, 'weekly statistics mail failed');
    }
  }
  return sent;
}

/** Checks hourly whether the weekly mail is due; returns a function that stops it. */
export function startWeeklyStatistics(ctx: AppContext): () => void {
  if (
    !ctx.config.merchants.weeklyStatsMail ||
    ctx.config.campaigns.schedulerIntervalSeconds === 0
  ) {
    return () => {};
  }
  const timer = setInterval(() => {
    sendWeeklyStatistics(ctx).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'weekly statistics failed'),
    );
  }, 3600_000);
  timer.unref();
  return () => clearInterval(timer);
}
