/**
 * Which mails each account receives: the settings per account, the
 * recipients of an event, and the mails of the events that are not campaign
 * status changes (open wins, weekly statistics).
 */
import {
  effectiveNotificationSettings,
  type NotificationEvent,
  type NotificationSettings,
  type TNotificationListResponse,
} from '@backoffice/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config/config.js';
import { defineJob } from '../../platform/define-job.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import { notFound, forbidden } from '../../platform/errors.js';
import { enqueueMail } from '../../platform/mail/outbox.js';
import { mailLanguage, openWinsMail, weeklyStatisticsMail } from '../../platform/mail/templates.js';
import { requireMerchantAccess } from '../../platform/access/merchant-access.js';
import type { UserRow } from '../../platform/users/users.js';
import {
  activeAccountsWithEmail,
  claimWeek,
  findAccount,
  findMerchant,
  recipientCandidates,
  setNotificationSettings,
  statisticsOfDays,
  weeklyRecipientCandidates,
  weeklyStatistics,
} from './queries.js';
import { pastWeek } from './week.js';

/** What the notification mails use: the outbox, and the web settings they name. */
export interface NotificationMailDeps {
  jobs: JobQueue;
  web: Pick<Config['web'], 'appName' | 'locale' | 'winnerAppUrl' | 'timeZone'>;
}

/** What the notifications module uses of the application (built in services.ts). */
export interface NotificationDeps extends NotificationMailDeps {
  db: Db;
  log: FastifyBaseLogger;
}

export async function notificationList(
  db: Db,
  user: UserRow,
  merchantId: string,
): Promise<TNotificationListResponse> {
  const access = await requireMerchantAccess(db, user, { merchantId });
  const managesAccounts = access.roles.includes('manage-accounts');
  const rows = await activeAccountsWithEmail(db, merchantId);
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
  db: Db,
  user: UserRow,
  {
    merchantId,
    accountId,
    settings,
  }: { merchantId: string; accountId: string; settings: NotificationSettings },
): Promise<TNotificationListResponse> {
  const access = await requireMerchantAccess(db, user, { merchantId });
  const account = await findAccount(db, merchantId, accountId);
  if (!account) throw notFound();
  if (account.userId !== user.id && !access.roles.includes('manage-accounts')) {
    throw forbidden();
  }
  await setNotificationSettings(db, accountId, settings);
  return notificationList(db, user, merchantId);
}

/** The addresses of a merchant's active accounts that want mails of this event. */
export async function recipientsOf(
  db: DbOrTx,
  merchantId: string,
  event: NotificationEvent,
): Promise<string[]> {
  const rows = await recipientCandidates(db, merchantId);
  return rows
    .filter((row) => effectiveNotificationSettings(row.settings, row.roles)[event])
    .map((row) => row.email);
}

/**
 * Mails the accounts that want it about wins waiting to be handled in the
 * winner app: into the outbox in `tx`, the draw's transaction, so the mail
 * goes out exactly when the draw is stored. Answers whether a mail was queued.
 */
export async function notifyOpenWins(
  deps: NotificationMailDeps,
  tx: DbOrTx,
  { merchantId, openWins }: { merchantId: string; openWins: number },
): Promise<boolean> {
  if (openWins <= 0) return false;
  const merchant = await findMerchant(tx, merchantId);
  if (!merchant) return false;
  const to = await recipientsOf(tx, merchantId, 'open_wins');
  if (to.length === 0) return false;
  await enqueueMail(deps, tx, {
    to,
    ...openWinsMail({
      merchant: merchant.brandName ?? merchant.name,
      count: openWins,
      link: deps.web.winnerAppUrl,
      appName: deps.web.appName,
      locale: deps.web.locale,
    }),
  });
  return true;
}

/** The system setting holding the Monday of the last week whose mails went out. */
const WEEKLY_KEY = 'weekly_statistics_week';

/**
 * Puts the weekly statistics of the past calendar week (in the configured
 * time zone) into the mail outbox: one mail per account that wants it, in
 * its user's language. Once per week across all processes and retries: the
 * week is claimed in the transaction that enqueues its mails, so a run that
 * fails before the commit leaves the week to the retry, and every run after
 * the commit finds it taken. Answers the number of mails enqueued (0 when
 * the week was sent already).
 */
export async function sendWeeklyStatistics(
  deps: NotificationDeps,
  now = new Date(),
): Promise<number> {
  const week = pastWeek(now, deps.web.timeZone);
  return deps.db.transaction(async (tx) => {
    if (!(await claimWeek(tx, WEEKLY_KEY, week.monday))) return 0;
    const recipients = new Map<string, { email: string; locale: string }[]>();
    for (const row of await weeklyRecipientCandidates(tx)) {
      if (!effectiveNotificationSettings(row.settings, row.roles).weekly_statistics) continue;
      recipients.set(row.merchantId, [...(recipients.get(row.merchantId) ?? []), row]);
    }
    if (recipients.size === 0) return 0;
    const ofWeek = new Map(
      (await statisticsOfDays(tx, week.monday, week.sunday)).map((row) => [row.merchantId, row]),
    );
    let enqueued = 0;
    for (const row of await weeklyStatistics(tx)) {
      const inWeek = ofWeek.get(row.merchant.id);
      for (const recipient of recipients.get(row.merchant.id) ?? []) {
        await enqueueMail(deps, tx, {
          to: [recipient.email],
          ...weeklyStatisticsMail({
            merchant: row.merchant.brandName ?? row.merchant.name,
            week: { from: week.monday, until: week.sunday },
            weekParticipations: inWeek?.participations ?? 0,
            weekViews: inWeek?.views ?? 0,
            running: row.running,
            participations: row.participations,
            views: row.views,
            appName: deps.web.appName,
            locale: deps.web.locale,
            language: mailLanguage(recipient.locale),
          }),
        });
        enqueued += 1;
      }
    }
    deps.log.info({ week: week.monday, mails: enqueued }, 'weekly statistics mails enqueued');
    return enqueued;
  });
}

/** The weekly mail, at WEEKLY_STATS_MAIL_CRON in the configured time zone. */
export const weeklyStatisticsJob = defineJob({
  name: 'weekly-statistics',
  pollSeconds: 30, // a weekly mail
  queue: () => ({
    policy: 'stately',
    retryLimit: 3,
    retryDelaySeconds: 300,
    retryBackoff: true,
    expireInSeconds: 3600,
  }),
  cron: (config) =>
    config.merchants.weeklyStatsMail && config.campaigns.schedulerIntervalSeconds > 0
      ? config.jobs.weeklyStatsMailCron
      : undefined,
  run: async (ctx) => {
    await sendWeeklyStatistics({ db: ctx.db, jobs: ctx.jobs, log: ctx.log, web: ctx.config.web });
  },
});

/** The notifications module's service, built once by the app. */
export function createNotificationService(db: Db) {
  return {
    list: (user: UserRow, merchantId: string) => notificationList(db, user, merchantId),
    save: (
      user: UserRow,
      change: { merchantId: string; accountId: string; settings: NotificationSettings },
    ) => saveNotificationSettings(db, user, change),
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
