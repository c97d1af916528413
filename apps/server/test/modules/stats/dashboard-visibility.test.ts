/**
 * The dashboard's numbers match what the user can see:
 * the dashboard, the chart and its campaign choice count only the campaigns
 * the campaign list shows the user (a merchant's members see no tips), for
 * every role: admin, agency, a member with the manage-campaigns role, a
 * member without it, a user of another merchant. The expected figures are
 * the sums of the list's own rows. Also: the to-do table's rejected
 * campaigns with their reason, and the conversion table's campaigns. The
 * calls go through the typed client (fixtures/api-client.ts); the consumer
 * app's events (an API key, not a person's token) through `app.inject`.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  campaigns,
  campaignStatusHistory,
  draws,
  wins,
} from '../../../src/platform/db/schema.js';
import { foldPending } from '../../../src/modules/ingest/fold.js';
import { apiClient } from '../../fixtures/api-client.js';
import {
  createAdmin,
  createAgency,
  createApiKey,
  createMerchant,
  createMerchantWithOwner,
  createPerson,
} from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../helpers.js';

let t: TestApp;
let adler = '';
let apiKey = '';
const ids = { coupon: '', sweepstake: '', tip: '', rejectedCoupon: '', rejectedTip: '' };
const now = new Date();
const year = Number(
  new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', year: 'numeric' }).format(now),
);

/** The typed client as `who`. */
const as = (who: string) => apiClient(t, who);

async function create(type: string): Promise<string> {
  const { data, error } = await as('admin').POST('/api/campaigns', {
    body: { merchant: adler, type },
  });
  expect(error).toBeUndefined();
  return String(data?.campaign.uuid);
}

const event = (type: string, campaign: string, participant?: string, profile?: object) => ({
  id: randomUUID(),
  type,
  campaign,
  occurred_at: now.toISOString(),
  ...(participant ? { participant } : {}),
  ...(profile ? { profile } : {}),
});

const kid = (age: number) => ({ gender: 'female', birth_year: year - age });

async function reject(campaign: string, reason: string) {
  await t.ctx.db.update(campaigns).set({ status: 'rejected' }).where(eq(campaigns.id, campaign));
  await t.ctx.db
    .insert(campaignStatusHistory)
    .values({ campaignId: campaign, fromStatus: 'submitted', toStatus: 'rejected', reason });
}

/** One draw of a campaign with a pending win per participant. */
async function pendingWins(campaign: string, participants: string[]) {
  const [draw] = await t.ctx.db
    .insert(draws)
    .values({
      campaignId: campaign,
      seed: 'seed',
      participantsHash: 'hash',
      participantCount: participants.length,
      manual: false,
    })
    .returning({ id: draws.id });
  if (!draw) throw new Error('no draw');
  await t.ctx.db.insert(wins).values(
    participants.map((participantId, prizeIndex) => ({
      drawId: draw.id,
      campaignId: campaign,
      merchantId: adler,
      prizeIndex,
      participantId,
    })),
  );
}

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Europe/Berlin' });
  const db = t.ctx.db;
  adler = (await createMerchant(db, { level: 1 })).id;
  await t.signInAs({
    admin: await createAdmin(db),
    agency: await createAgency(db, [adler]),
    // A member with the manage-campaigns role, and one without it.
    multi: await createPerson(db, { memberships: [adler] }),
    staff: await createPerson(db, {
      memberships: [{ merchantId: adler, roles: ['manage-accounts'] }],
    }),
    // A user of another merchant.
    owner: (await createMerchantWithOwner(db)).owner,
  });
  apiKey = (await createApiKey(db)).secret;
  ids.coupon = await create('coupon/percent');
  ids.sweepstake = await create('sweepstake/standard');
  ids.tip = await create('tip/offer');
  ids.rejectedCoupon = await create('coupon/percent');
  ids.rejectedTip = await create('tip/standard');
  for (const id of [ids.coupon, ids.sweepstake, ids.tip]) {
    await t.ctx.db
      .update(campaigns)
      .set({
        status: 'active',
        validFrom: new Date(now.getTime() - 86_400_000),
        validUntil: new Date(now.getTime() + 30 * 86_400_000),
      })
      .where(eq(campaigns.id, id));
  }
  await reject(ids.rejectedCoupon, 'Das Bild ist zu dunkel.');
  await reject(ids.rejectedTip, 'Der Tipp ist zu kurz.');

  // Anna takes part in the coupon and the tip, Ben in the sweepstake, Carla and Dora in the tip alone.
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/ingest/events',
    headers: { 'x-api-key': apiKey },
    payload: {
      events: [
        event('participation', ids.coupon, 'anna', { gender: 'female', kids: [kid(3)] }),
        event('participation', ids.coupon, 'anna'),
        event('participation', ids.sweepstake, 'ben', { gender: 'male', kids: [kid(11)] }),
        event('participation', ids.tip, 'anna', { gender: 'female', kids: [kid(3)] }),
        event('participation', ids.tip, 'carla', { gender: 'female', kids: [kid(7)] }),
        event('participation', ids.tip, 'dora', { gender: 'female', kids: [kid(8)] }),
        ...[ids.coupon, ids.coupon, ids.coupon, ids.coupon].map((id) => event('view_list', id)),
        event('view_detail', ids.coupon),
        event('view_list', ids.sweepstake),
        event('view_mail', ids.sweepstake),
        ...Array.from({ length: 9 }, () => event('view_list', ids.tip)),
        event('view_detail', ids.tip),
        event('view_mail', ids.tip),
      ],
    },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  await foldPending(t.ctx.db);
  await pendingWins(ids.sweepstake, ['ben']);
  await pendingWins(ids.tip, ['carla', 'dora']);
});
afterAll(async () => {
  await t.close();
});

const dashboardOf = (who: string) =>
  as(who).GET('/api/merchants/{id}/dashboard', { params: { path: { id: adler } } });
const today = now.toISOString().slice(0, 10);
/** This month's chart: its line and kid statistics, and its campaign choice. */
const range = () => ({
  path: { id: adler },
  query: { timerange: 'month' as const, count: 1, start: today },
});
const statsOf = (who: string) => as(who).GET('/api/merchants/{id}/stats', { params: range() });
const choiceOf = (who: string) =>
  as(who).GET('/api/merchants/{id}/stats/campaigns', { params: range() });
const listOf = (who: string) =>
  as(who).GET('/api/campaigns', { params: { query: { exact_merchant: adler } } });

/** Every row of the merchant's list the user sees, deleted ones left out as the list leaves them. */
async function listRows(who: string) {
  const { data, error } = await listOf(who);
  expect(error).toBeUndefined();
  return data?.rows ?? [];
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('the dashboard counts the campaigns the list shows', () => {
  // The participants the user can see: a member sees Anna (coupon) and Ben (sweepstake), not Carla and Dora (tip).
  const cases = [
    { who: 'admin', tips: true, participants: 4, openWins: 3 },
    { who: 'agency', tips: true, participants: 4, openWins: 3 },
    { who: 'multi', tips: false, participants: 2, openWins: 1 },
  ] as const;

  for (const { who, tips, participants, openWins } of cases) {
    it(`for ${who}: figures, campaign counts, open wins and rejections of the visible campaigns`, async () => {
      const rows = await listRows(who);
      expect(rows.some((row) => row.type.startsWith('tip/'))).toBe(tips);
      const { data: dashboard, error } = await dashboardOf(who);
      expect(error).toBeUndefined();
      if (!dashboard) throw new Error('no dashboard');
      expect(dashboard.users).toMatchObject({
        total_participations: sum(rows.map((row) => row.participations)),
        total_user_participations: sum(rows.map((row) => row.distinct_users)),
        total_list_views: sum(rows.map((row) => row.view_list)),
        total_detail_views: sum(rows.map((row) => row.view_detail)),
        total_mail_views: sum(rows.map((row) => row.view_mail)),
        day: participants,
        month: participants,
        year: participants,
        total: participants,
      });
      expect(sum(dashboard.campaigns.map((row) => row.count))).toBe(rows.length);
      // The key figures' trend: this month's participations last, of the visible campaigns.
      expect(dashboard.participation_trend).toHaveLength(12);
      expect(dashboard.participation_trend.at(-1)).toBe(sum(rows.map((row) => row.participations)));
      expect(dashboard.campaigns.some((row) => row.type.startsWith('tip/'))).toBe(tips);
      expect(dashboard.todo_wins.count).toBe(openWins);
      expect(dashboard.todo_rejected.map((row) => row.uuid).sort()).toEqual(
        rows
          .filter((row) => row.current_status === 'rejected')
          .map((row) => row.uuid)
          .sort(),
      );
      const coupon = dashboard.todo_rejected.find((row) => row.uuid === ids.rejectedCoupon);
      expect(coupon?.rejection_reason).toBe('Das Bild ist zu dunkel.');
      // The conversion table: visible campaigns with list views, the most first.
      expect(dashboard.conversions.map((row) => row.uuid)).toEqual(
        rows
          .filter((row) => row.view_list > 0)
          .sort((a, b) => b.view_list - a.view_list)
          .map((row) => row.uuid),
      );
      expect(dashboard.conversions.find((row) => row.uuid === ids.coupon)).toMatchObject({
        view_list: 4,
        view_detail: 1,
        participations: 2,
      });
    });

    it(`for ${who}: the chart's line, kid statistics and campaign choice of the visible campaigns`, async () => {
      const rows = await listRows(who);
      const { data: stats } = await statsOf(who);
      if (!stats) throw new Error('no statistics');
      expect(stats.participations.series).toHaveLength(1);
      expect(sum(stats.participations.series[0]?.values ?? [])).toBe(
        sum(rows.map((row) => row.participations)),
      );
      const ages = stats.users_kids.all_kids
        .map((row) => row.age)
        .sort((a, b) => Number(a) - Number(b));
      expect(ages).toEqual(tips ? [3, 7, 8, 11] : [3, 11]);
      const { data: choice } = await choiceOf(who);
      if (!choice) throw new Error('no campaign choice');
      const visible = new Set(rows.map((row) => row.uuid));
      expect(choice.campaigns.length).toBeGreaterThan(0);
      expect(choice.campaigns.every((campaign) => visible.has(campaign.id))).toBe(true);
      expect(choice.campaigns.some((campaign) => campaign.id === ids.tip)).toBe(tips);
    });
  }

  it('answers a member without the manage-campaigns role 403, as the list does', async () => {
    expect((await listOf('staff')).response.status).toBe(403);
    for (const [name, answer] of Object.entries({ dashboardOf, statsOf, choiceOf })) {
      expect((await answer('staff')).response.status, name).toBe(403);
    }
  });

  it('answers a user of another merchant 404, as the list does', async () => {
    expect((await listOf('owner')).response.status).toBe(404);
    for (const [name, answer] of Object.entries({ dashboardOf, statsOf, choiceOf })) {
      expect((await answer('owner')).response.status, name).toBe(404);
    }
  });

  it('counts a member’s participants of the visible campaigns once each, by their first visible participation', async () => {
    // Anna's first tip participation is hidden from the member; her coupon one counts, once.
    const { data: dashboard } = await dashboardOf('multi');
    expect(dashboard?.users.total).toBe(2);
    expect(dashboard?.users.total_user_participations).toBe(2);
    // Given the manage-campaigns role, the other member sees the same.
    await t.ctx.db
      .update(accounts)
      .set({ roles: ['manage-campaigns'] })
      .where(and(eq(accounts.merchantId, adler), eq(accounts.roles, ['manage-accounts'])));
    expect((await dashboardOf('staff')).data?.users.total).toBe(2);
  });
});
