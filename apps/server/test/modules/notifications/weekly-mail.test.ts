/**
 * The weekly statistics mail: it goes out at a fixed local time (a cron
 * schedule in TIME_ZONE, across the daylight-saving changes), reports the
 * past calendar week (Monday 00:00 to Monday 00:00 local time) beside the
 * totals, goes out once per week however often the job runs, and speaks the
 * recipient's language.
 */
import cronParser from 'cron-parser';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSettings } from '@backoffice/domain';
import type { NotificationDeps } from '../../../src/modules/notifications/service.js';
import { ConfigError, loadConfig } from '../../../src/platform/config/config.js';
import { queryRows } from '../../../src/platform/db/client.js';
import {
  accounts,
  campaignCounters,
  campaigns,
  merchantDailyStats,
  merchants,
  users,
} from '../../../src/platform/db/schema.js';
import { MAIL_QUEUE } from '../../../src/platform/mail/outbox.js';
import {
  sendWeeklyStatistics,
  weeklyStatisticsJob,
} from '../../../src/modules/notifications/service.js';
import { pastWeek } from '../../../src/modules/notifications/week.js';
import { createTestApp, decodeQuotedPrintable, mailsDuring, type TestApp } from '../../helpers.js';
import { notificationDeps } from '../../../src/services.js';

const HOUR = 3600_000;
const BERLIN = 'Europe/Berlin';

/** The local wall-clock time of an instant in Berlin, as "yyyy-mm-dd HH:mm". */
const berlin = (instant: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: BERLIN,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(instant);

describe('the schedule: a fixed local time', () => {
  it('stores the cron of WEEKLY_STATS_MAIL_CRON in TIME_ZONE, which fires at 08:00 local across both DST changes', async () => {
    // The production settings of the scheduler (tests run with it off).
    const t = await createTestApp({ SCHEDULER_INTERVAL_SECONDS: '3600', TIME_ZONE: BERLIN });
    try {
      const [stored] = await queryRows<{ cron: string; timezone: string }>(
        t.ctx.db,
        sql`select cron, timezone from pgboss.schedule where name = ${weeklyStatisticsJob.name}`,
      );
      expect(stored).toEqual({ cron: '0 8 * * 1', timezone: BERLIN });
      if (!stored) return;
      // pg-boss's timekeeper reads the schedule with cron-parser in the stored zone.
      const runs = (from: string, count: number) => {
        const interval = cronParser.parseExpression(stored.cron, {
          tz: stored.timezone,
          currentDate: new Date(from),
        });
        return Array.from({ length: count }, () => interval.next().toDate());
      };
      const spring = runs('2027-03-20T00:00:00Z', 3);
      expect(spring.map((run) => run.toISOString())).toEqual([
        '2027-03-22T07:00:00.000Z',
        '2027-03-29T06:00:00.000Z',
        '2027-04-05T06:00:00.000Z',
      ]);
      const autumn = runs('2027-10-23T00:00:00Z', 3);
      expect(autumn.map((run) => run.toISOString())).toEqual([
        '2027-10-25T06:00:00.000Z',
        '2027-11-01T07:00:00.000Z',
        '2027-11-08T07:00:00.000Z',
      ]);
      expect([...spring, ...autumn].map(berlin).map((local) => local.slice(-5))).toEqual(
        Array(6).fill('08:00'),
      );
      // Its check every half minute sends the job when the last due time is under a minute ago.
      const due = (now: string) => {
        const previous = cronParser
          .parseExpression(stored.cron, { tz: stored.timezone, currentDate: new Date(now) })
          .prev();
        return new Date(now).getTime() - previous.getTime() < 60_000;
      };
      expect(due('2027-03-29T06:00:30Z')).toBe(true);
      expect(due('2027-03-29T07:00:30Z')).toBe(false);
      expect(due('2027-11-01T07:00:30Z')).toBe(true);
      expect(due('2027-11-01T06:00:30Z')).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('refuses a bad WEEKLY_STATS_MAIL_CRON at start, naming the variable', () => {
    for (const cron of ['every monday', '0 8 * *', '61 8 * * 1', '0 8 * * 8', '']) {
      const loading = () => loadConfig({ WEEKLY_STATS_MAIL_CRON: cron });
      expect(loading, cron).toThrow(ConfigError);
      expect(loading, cron).toThrow(/WEEKLY_STATS_MAIL_CRON: a cron expression/);
    }
    expect(loadConfig({ WEEKLY_STATS_MAIL_CRON: '30 7 * * 1-5' }).jobs.weeklyStatsMailCron).toBe(
      '30 7 * * 1-5',
    );
  });
});

describe('the past week', () => {
  const week = (now: string) => {
    const w = pastWeek(new Date(now), BERLIN);
    return { ...w, hours: (w.end.getTime() - w.start.getTime()) / HOUR };
  };

  it('is Monday 00:00 to Monday 00:00 local time: 167 hours over the March change, 169 over October', () => {
    // Monday 08:00 after the clocks went forward on Sunday 28 March 2027.
    expect(week('2027-03-29T06:00:00Z')).toEqual({
      monday: '2027-03-22',
      sunday: '2027-03-28',
      start: new Date('2027-03-21T23:00:00Z'),
      end: new Date('2027-03-28T22:00:00Z'),
      hours: 167,
    });
    // Monday 08:00 after the clocks went back on Sunday 31 October 2027.
    expect(week('2027-11-01T07:00:00Z')).toEqual({
      monday: '2027-10-25',
      sunday: '2027-10-31',
      start: new Date('2027-10-24T22:00:00Z'),
      end: new Date('2027-10-31T23:00:00Z'),
      hours: 169,
    });
    expect(week('2027-04-05T06:00:00Z').hours).toBe(168);
  });

  it('turns at local midnight between Sunday and Monday, not at UTC midnight', () => {
    // Sunday 23:59:59 and Monday 00:00 in Berlin (summer time), both on Sunday in UTC.
    expect(week('2027-03-28T21:59:59Z').monday).toBe('2027-03-15');
    expect(week('2027-03-28T22:00:00Z').monday).toBe('2027-03-22');
    // Just after the change itself (Sunday 03:00 summer time): still the week before.
    expect(week('2027-03-28T01:00:00Z').monday).toBe('2027-03-15');
    expect(week('2027-10-31T23:00:00Z').monday).toBe('2027-10-25');
  });
});

describe('the mails', () => {
  let t: TestApp;
  let merchantId = '';
  const monday = new Date('2027-03-29T06:00:30Z');

  const only = (on: Partial<NotificationSettings>): NotificationSettings => ({
    campaign_approved: false,
    campaign_rejected: false,
    campaign_started: false,
    campaign_ended: false,
    open_wins: false,
    weekly_statistics: false,
    ...on,
  });

  /** The mails enqueued while `action` ran, once the outbox has sent them, by recipient. */
  const mailsOf = async (action: () => Promise<unknown>) => {
    const mails = await mailsDuring(t, async () => {
      await action();
      await t.ctx.jobs.drain([MAIL_QUEUE]);
    });
    return new Map(
      mails.map((mail) => {
        const text = decodeQuotedPrintable(mail);
        return [/^To: (.*)$/m.exec(text)?.[1] ?? '', text] as const;
      }),
    );
  };

  beforeAll(async () => {
    t = await createTestApp({ TIME_ZONE: BERLIN, LOCALE: 'de-DE' });
    const [merchant] = await t.ctx.db
      .insert(merchants)
      .values({ name: 'Wochenmarkt GmbH', brandName: 'Wochenmarkt' })
      .returning();
    if (!merchant) throw new Error('no merchant');
    merchantId = merchant.id;
    const people = [
      { email: 'deutsch@example.com', locale: 'de', weekly: true },
      { email: 'english@example.com', locale: 'en', weekly: true },
      { email: 'francais@example.com', locale: 'fr', weekly: true },
      { email: 'keine@example.com', locale: 'de', weekly: false },
    ];
    for (const person of people) {
      const [user] = await t.ctx.db
        .insert(users)
        .values({ email: person.email, locale: person.locale })
        .returning();
      if (!user) throw new Error('no user');
      await t.ctx.db.insert(accounts).values({
        merchantId,
        userId: user.id,
        notificationSettings: only({ weekly_statistics: person.weekly }),
      });
    }
    const [running, ended] = await t.ctx.db
      .insert(campaigns)
      .values(
        (['active', 'ended'] as const).map((status) => ({
          merchantId,
          type: 'coupon/percent' as const,
          status,
          title: { de: status },
          content: {} as never,
        })),
      )
      .returning();
    if (!running || !ended) throw new Error('no campaigns');
    // All-time counters of the campaigns.
    await t.ctx.db.insert(campaignCounters).values([
      { campaignId: running.id, participations: 12_000, viewList: 30_000, viewDetail: 4000 },
      { campaignId: ended.id, participations: 345, viewMail: 678 },
    ]);
    // Daily rollups (days in Berlin): the Sunday before and the Monday after lie outside the week.
    const day = (date: string, participations: number, views: [number, number, number]) => ({
      merchantId,
      day: date,
      participations,
      viewList: views[0],
      viewDetail: views[1],
      viewMail: views[2],
    });
    await t.ctx.db
      .insert(merchantDailyStats)
      .values([
        day('2027-03-21', 100_000, [100_000, 0, 0]),
        day('2027-03-22', 1000, [2000, 300, 4]),
        day('2027-03-25', 200, [0, 0, 0]),
        day('2027-03-28', 34, [5, 6, 7]),
        day('2027-03-29', 500_000, [0, 500_000, 0]),
      ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs as the weekly-statistics job: twice for one week sends one mail per recipient', async () => {
    // The job reports the week before today; the tests below the weeks of 2027.
    const mails = await mailsDuring(t, async () => {
      for (let run = 0; run < 2; run += 1) {
        await t.ctx.jobs.send(t.ctx.db, { name: weeklyStatisticsJob.name, data: {} });
        await t.ctx.jobs.drain([weeklyStatisticsJob.name, MAIL_QUEUE]);
      }
    });
    // One mail per account: per address and merchant (the subject names the merchant).
    const keys = mails.map((mail) => {
      const text = decodeQuotedPrintable(mail);
      return `${/^To: (.*)$/m.exec(text)?.[1]} ${/^Subject: (.*)$/m.exec(text)?.[1]}`;
    });
    expect(keys.filter((key) => key.startsWith('english@example.com '))).toEqual([
      'english@example.com Weekly statistics: Wochenmarkt',
    ]);
    expect(keys.filter((key) => key.startsWith('deutsch@example.com '))).toEqual([
      'deutsch@example.com Wochenstatistik Wochenmarkt',
    ]);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('reports the past week beside the totals, each account in its language (German when unknown)', async () => {
    const mails = await mailsOf(() => sendWeeklyStatistics(notificationDeps(t.ctx), monday));
    expect(mails.has('keine@example.com')).toBe(false);
    const german = mails.get('deutsch@example.com') ?? '';
    expect(german).toContain('Subject: Wochenstatistik Wochenmarkt');
    expect(german).toContain('die Woche von Wochenmarkt in Zahlen (22.03.2027 bis 28.03.2027):');
    // 1000 + 200 + 34 participations and 2304 + 18 views on the days 22 to 28 March.
    expect(german).toContain('Teilnahmen in der Woche: 1.234\nAufrufe in der Woche: 2.322\n');
    expect(german).toContain(
      'Laufende Kampagnen: 1\nTeilnahmen insgesamt: 12.345\nAufrufe insgesamt: 34.678\n',
    );
    expect(german).toContain('Ihr Kampagnen-Backoffice');
    const english = mails.get('english@example.com') ?? '';
    expect(english).toContain('Subject: Weekly statistics: Wochenmarkt');
    expect(english).toContain(
      "here is Wochenmarkt's week in numbers (Mar 22, 2027 to Mar 28, 2027):",
    );
    expect(english).toContain('Participations in the week: 1,234\nViews in the week: 2,322\n');
    expect(english).toContain(
      'Running campaigns: 1\nParticipations in total: 12,345\nViews in total: 34,678\n',
    );
    expect(english).not.toMatch(/Teilnahmen|Guten Tag/);
    const unknown = mails.get('francais@example.com') ?? '';
    expect(unknown).toContain('Teilnahmen in der Woche: 1.234');
  });

  it('goes out once per week however often the job runs, and again the next week', async () => {
    // The same week, from the cron's retry, another run on Wednesday, or three runs at once.
    const again = await mailsOf(async () => {
      expect(await sendWeeklyStatistics(notificationDeps(t.ctx), monday)).toBe(0);
      expect(
        await sendWeeklyStatistics(notificationDeps(t.ctx), new Date(monday.getTime() + 50 * HOUR)),
      ).toBe(0);
      const at = new Date(monday.getTime() + HOUR);
      expect(
        await Promise.all([1, 2, 3].map(() => sendWeeklyStatistics(notificationDeps(t.ctx), at))),
      ).toEqual([0, 0, 0]);
    });
    expect(again.size).toBe(0);
    // An earlier week is never sent after a later one.
    expect(
      await sendWeeklyStatistics(notificationDeps(t.ctx), new Date('2027-03-22T07:00:30Z')),
    ).toBe(0);
    const nextWeek = await mailsOf(async () => {
      const sent = await Promise.all(
        [1, 2, 3].map(() =>
          sendWeeklyStatistics(notificationDeps(t.ctx), new Date('2027-04-05T06:00:30Z')),
        ),
      );
      expect(sent.filter((count) => count > 0)).toHaveLength(1);
    });
    const german = nextWeek.get('deutsch@example.com') ?? '';
    // The week of 29 March: only the Monday's rollup.
    expect(german).toContain('(29.03.2027 bis 04.04.2027)');
    expect(german).toContain('Teilnahmen in der Woche: 500.000\nAufrufe in der Woche: 500.000\n');
    expect([...nextWeek.keys()].filter((to) => to.endsWith('@example.com'))).toEqual(
      expect.arrayContaining(['deutsch@example.com', 'english@example.com']),
    );
    expect(nextWeek.has('keine@example.com')).toBe(false);
  });

  it('leaves the week to the retry when a run dies before its commit: no mail lost, none twice', async () => {
    const week = new Date('2027-04-12T06:00:30Z');
    const died = new Error('the process died before the commit');
    const mails = await mailsDuring(t, async () => {
      // The run's transaction inside one that then fails: as a process dying before its commit.
      const dying = t.ctx.db.transaction(async (tx) => {
        const inTransaction = { ...notificationDeps(t.ctx), db: tx } as unknown as NotificationDeps;
        expect(await sendWeeklyStatistics(inTransaction, week)).toBeGreaterThan(0);
        throw died;
      });
      await expect(dying).rejects.toBe(died);
      await t.ctx.jobs.drain([MAIL_QUEUE]);
      // The job's retry.
      expect(await sendWeeklyStatistics(notificationDeps(t.ctx), week)).toBeGreaterThan(0);
      expect(await sendWeeklyStatistics(notificationDeps(t.ctx), week)).toBe(0);
      await t.ctx.jobs.drain([MAIL_QUEUE]);
    });
    const english = mails
      .map(decodeQuotedPrintable)
      .filter((mail) => /^To: english@example\.com$/m.test(mail));
    expect(english).toHaveLength(1);
    expect(english[0]).toContain('(Apr 5, 2027 to Apr 11, 2027)');
  });
});
