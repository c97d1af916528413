/**
 * A merchant's own user, who may not open tips, sees on the dashboard the
 * participants of the merchant's other campaigns, each counted on the day of
 * their first participation in one of them (in German days): whether they
 * took part in a tip before or after, whether a late event tells of an
 * earlier participation, after the migration's backfill, and after an
 * erasure. The expected days are the
 * ones the campaign participations themselves give (the query the rollup
 * replaced, kept here as the reference).
 */
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDashboardResponse } from '@backoffice/domain';
import { queryRows } from '../../../src/platform/db/client.js';
import { participation, participationHelpers } from '../../fixtures/participation.js';
import {
  createAdmin,
  createApiKey,
  createCampaign,
  createMerchantWithOwner,
} from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../helpers.js';

const TIME_ZONE = 'Europe/Berlin';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let apiKey = '';
let merchant = '';
const ids = { tip: '', sweepstake: '', coupon: '' };
const { accepted } = participationHelpers(
  () => t,
  () => apiKey,
);

/** A day (YYYY-MM-DD) in Berlin. */
const berlinDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(at);
const today = berlinDay(new Date());
/** Today's first instant in Berlin (its offset found by trying both of Berlin's). */
const midnight = [1, 2]
  .map((offset) => new Date(`${today}T00:00:00Z`).getTime() - offset * HOUR)
  .map((time) => new Date(time))
  .find((at) => berlinDay(at) === today && berlinDay(new Date(at.getTime() - 1)) !== today);
if (!midnight) throw new Error('no midnight in Berlin today');
/** An instant `hours` after today's Berlin midnight, as ingest takes it. */
const at = (hours: number) => new Date(midnight.getTime() + hours * HOUR).toISOString();

/** What the dashboard shows for first days: today, this month, this year and all of them. */
function countsOf(days: string[]) {
  const within = (start: string) => days.filter((day) => day >= start && day <= today).length;
  return {
    day: within(today),
    month: within(`${today.slice(0, 7)}-01`),
    year: within(`${today.slice(0, 4)}-01-01`),
    total: days.length,
  };
}

/** The first days of the merchant's participants outside tips, from the campaign participations themselves. */
async function referenceDays(): Promise<string[]> {
  const rows = await queryRows<{ day: string }>(
    t.ctx.db,
    sql`select to_char((min(p.first_at) at time zone ${TIME_ZONE})::date, 'YYYY-MM-DD') as day
        from campaign_participants p join campaigns c on c.id = p.campaign_id
        where c.merchant_id = ${merchant}::uuid and c.type not like 'tip/%'
        group by p.participant_id`,
  );
  return rows.map((row) => row.day);
}

const usersOf = async (who: string) =>
  (await t.api('GET', `/merchants/${merchant}/dashboard`, who)).json<TDashboardResponse>().users;

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE });
  const db = t.ctx.db;
  // A basic merchant: its owner may not open tips, an admin may.
  const basic = await createMerchantWithOwner(db, { level: 0 });
  merchant = basic.merchant.id;
  await t.signInAs({ owner: basic.owner, admin: await createAdmin(db) });
  apiKey = (await createApiKey(db)).secret;
  const runtime = {
    merchantId: merchant,
    status: 'active' as const,
    validFrom: new Date(Date.now() - 60 * DAY),
    validUntil: new Date(Date.now() + 30 * DAY),
  };
  ids.tip = (await createCampaign(db, { ...runtime, type: 'tip/offer' })).id;
  ids.sweepstake = (await createCampaign(db, { ...runtime, type: 'sweepstake/standard' })).id;
  ids.coupon = (await createCampaign(db, { ...runtime, type: 'coupon/percent' })).id;
});
afterAll(async () => {
  await t.close();
});

describe('the dashboard of a user who may not open tips', () => {
  it('counts each participant on the day of their first participation outside tips', async () => {
    await accepted([
      // A tip forty days ago, then the sweepstake half an hour after midnight
      // (still yesterday in UTC, today in Berlin): new today.
      participation(ids.tip, 'tipp-zuerst', at(-40 * 24)),
      participation(ids.sweepstake, 'tipp-zuerst', at(0.5)),
      // The sweepstake half an hour before midnight, then a tip: new yesterday.
      participation(ids.sweepstake, 'gewinnspiel-zuerst', at(-0.5)),
      participation(ids.tip, 'gewinnspiel-zuerst', at(1)),
      // Tips alone: not counted.
      participation(ids.tip, 'nur-tipp', at(2)),
      // Today's sweepstake first; earlier participations arrive later.
      participation(ids.sweepstake, 'spaet-gemeldet', at(2)),
      participation(ids.sweepstake, 'spaeter-tipp', at(3)),
    ]);
    const tipsHidden = await usersOf('owner');
    expect(tipsHidden).toMatchObject(
      countsOf([today, berlinDay(new Date(at(-0.5))), today, today]),
    );
    expect(tipsHidden.day).toBe(3);
    // The admin sees the tips too: Nur-Tipp, and Tipp-zuerst forty days ago.
    expect((await usersOf('admin')).total).toBe(5);

    // A late event tells of a coupon thirty-five days ago: that participant moves there from today.
    // A late tip ten days ago moves nobody.
    await accepted([
      participation(ids.coupon, 'spaet-gemeldet', at(-35 * 24)),
      participation(ids.tip, 'spaeter-tipp', at(-10 * 24)),
    ]);
    const expected = await referenceDays();
    expect(expected.sort()).toEqual(
      [today, berlinDay(new Date(at(-0.5))), berlinDay(new Date(at(-35 * 24))), today].sort(),
    );
    const moved = await usersOf('owner');
    expect(moved).toMatchObject(countsOf(expected));
    expect(moved.day).toBe(2);
    // The participations themselves: the tips' ones left out.
    expect(moved.total_participations).toBe(5);
    expect(moved.total_user_participations).toBe(5);
  });

  it('counts the same after the migration filled the rollup from the participations', async () => {
    const before = await usersOf('owner');
    // The migration fills empty tables: this file's database holds no other merchant's participations.
    await t.ctx.db.execute(sql`delete from merchant_participants_without_tips`);
    await t.ctx.db.execute(sql`update merchant_daily_stats set new_participants_without_tips = 0`);
    const migration = await readFile(
      new URL(
        '../../../src/platform/db/migrations/0031_new_participants_without_tips.sql',
        import.meta.url,
      ),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .filter((statement) => statement.includes('INSERT INTO'));
    expect(backfill).toHaveLength(2);
    for (const statement of backfill) await t.ctx.db.execute(sql.raw(statement));
    expect(await usersOf('owner')).toEqual(before);
  });

  it('keeps the counts after a participant is erased', async () => {
    const before = await usersOf('owner');
    for (const participant of ['tipp-zuerst', 'spaet-gemeldet']) {
      const erased = await t.api('DELETE', `/admin/participants/${participant}`, 'admin');
      expect(erased.statusCode, erased.body).toBe(200);
    }
    expect(await usersOf('owner')).toEqual(before);
    // A later participation of someone counted before is not new again.
    await accepted([participation(ids.coupon, 'gewinnspiel-zuerst', at(4))]);
    const after = await usersOf('owner');
    expect(after).toMatchObject({
      day: before.day,
      total: before.total,
      total_participations: before.total_participations + 1,
    });
  });
});
