/**
 * The dashboard's figures come from one SQL statement, the chart's from one
 * (docs/decisions/049-cpu-per-call.md: a call's CPU follows its round trips),
 * and the answers are the ones the separate queries gave: for a level-0
 * merchant's owner (tips hidden), for an agency that sees every campaign
 * type, and for the owner of a merchant without tips (nothing hidden, the
 * merchant's own rollups). The fixture has campaigns of every type, rejected
 * ones (one without a reason, one modified at a microsecond), pending and
 * handled wins, more conversion funnels and rejections than the dashboard
 * names, and rollups inside and outside the trend's twelve months; the
 * expected answers are written from it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_TYPES,
  DEFAULT_CHART_COUNT,
  type CampaignStatus,
  type CampaignType,
  type TDashboardResponse,
} from '@backoffice/domain';
import {
  campaignCounters,
  campaignDailyStats,
  campaigns,
  campaignStatusHistory,
  draws,
  merchantDailyStats,
  wins,
} from '../../../src/platform/db/schema.js';
import { createAgency, createCampaign, createMerchantWithOwner } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../helpers.js';

const TIME_ZONE = 'Europe/Berlin';
const DAY = 24 * 3_600_000;
const WINNER_APP_URL = 'https://gewinner.example.com';

let t: TestApp;

/** A day (YYYY-MM-DD) in Berlin. */
const berlinDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(at);
const today = berlinDay(new Date());
/** The first of the month two months before this one, and a day outside the trend's twelve months. */
const twoMonthsAgo = (() => {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 - 2, 1));
  return first.toISOString().slice(0, 10);
})();
const longAgo = berlinDay(new Date(Date.now() - 400 * DAY));

/** The fixture's campaigns by name: type, status, and what the dashboard reads of them. */
interface Planned {
  type: CampaignType;
  status: CampaignStatus;
  /** Prizes (count × value in cents), for sweepstakes. */
  prizes?: { count: number; value: number }[];
  /** List views, detail views and participations of its counters. */
  counters?: [number, number, number];
  /** A rejection's reason and when the campaign was last modified (PostgreSQL's text, UTC). */
  rejection?: { reason: string | null; modified: string };
}

const active = (type: CampaignType, counters: [number, number, number]): Planned => ({
  type,
  status: 'active',
  counters,
});

const PLAN: Record<string, Planned> = {
  // One active campaign of every type, each with list views (twelve funnels with the ones below).
  ...Object.fromEntries(
    CAMPAIGN_TYPES.map((type, index) => [
      `active ${type}`,
      active(type, [100 + 10 * index, 40 + index, 7 + index]),
    ]),
  ),
  'active sweepstake/standard': {
    type: 'sweepstake/standard',
    status: 'active',
    prizes: [
      { count: 3, value: 2500 },
      { count: 2, value: 1000 },
    ],
    counters: [100, 40, 7],
  },
  'active tip/sweepstake': {
    type: 'tip/sweepstake',
    status: 'active',
    prizes: [{ count: 1, value: 99_999 }],
    counters: [190, 49, 16],
  },
  'ended sweepstake': {
    type: 'sweepstake/standard',
    status: 'ended',
    prizes: [{ count: 1, value: 100 }],
    counters: [5, 2, 1],
  },
  'deleted coupon': { type: 'coupon/percent', status: 'deleted', counters: [999, 99, 9] },
  'without views': { type: 'coupon/free', status: 'active', counters: [0, 0, 0] },
  // Six rejections, the tips' among them: the dashboard names the newest five the user may open.
  'rejected free': {
    type: 'coupon/free',
    status: 'rejected',
    rejection: { reason: 'Bild fehlt', modified: '2026-03-01 10:00:00.123456+00' },
    counters: [3, 1, 0],
  },
  'rejected offer': {
    type: 'coupon/offer',
    status: 'rejected',
    rejection: { reason: null, modified: '2026-03-02 10:00:00+00' },
  },
  'rejected tip': {
    type: 'tip/standard',
    status: 'rejected',
    rejection: { reason: 'Tipp zu kurz', modified: '2026-03-03 10:00:00+00' },
  },
  'rejected sweepstake': {
    type: 'sweepstake/standard',
    status: 'rejected',
    prizes: [{ count: 1, value: 100 }],
    rejection: { reason: 'Preis fehlt', modified: '2026-03-04 10:00:00.5+00' },
  },
  'rejected generic tip': {
    type: 'tip/generic',
    status: 'rejected',
    rejection: { reason: 'Quelle fehlt', modified: '2026-03-05 10:00:00+00' },
  },
  'rejected percent': {
    type: 'coupon/percent',
    status: 'rejected',
    rejection: { reason: 'Rabatt zu hoch', modified: '2026-03-06 23:59:59.999999+00' },
  },
};

const isTip = (type: CampaignType) => type.startsWith('tip/');

interface Merchant {
  id: string;
  /** Campaign ids by the plan's names. */
  ids: Record<string, string>;
}

/** Participations, first participations, list, detail and mail views of a campaign's day. */
type Counts = [number, number, number, number, number];
const CAMPAIGN_DAYS: [string, string, Counts][] = [
  ['active sweepstake/standard', today, [5, 4, 50, 20, 3]],
  ['active sweepstake/standard', twoMonthsAgo, [7, 6, 70, 30, 1]],
  ['active coupon/percent', today, [2, 2, 20, 10, 0]],
  ['active coupon/percent', longAgo, [11, 9, 0, 0, 0]],
  ['active tip/offer', today, [3, 3, 30, 15, 2]],
  ['active tip/offer', twoMonthsAgo, [4, 4, 40, 0, 0]],
];
/** New participants per day: with the merchant, and without tips. */
const NEW_PARTICIPANTS: Record<string, [number, number]> = {
  [today]: [6, 4],
  [twoMonthsAgo]: [8, 5],
  [longAgo]: [9, 9],
};

/** Creates the plan's campaigns (the tips only `withTips`), their wins, counters and rollups. */
async function fixture(merchantId: string, withTips: boolean): Promise<Merchant> {
  const db = t.ctx.db;
  const ids: Record<string, string> = {};
  for (const [name, plan] of Object.entries(PLAN)) {
    if (!withTips && isTip(plan.type)) continue;
    const created = await createCampaign(db, {
      merchantId,
      type: plan.type,
      status: plan.rejection ? 'created' : plan.status,
      title: name,
      ...(plan.prizes
        ? {
            content: {
              prizes: plan.prizes.map((prize) => ({
                ...prize,
                name: 'Preis',
                short_description: '',
                win_needs_response: false,
                winner_instructions: '',
                redemption: 'download' as const,
              })),
            },
          }
        : {}),
    });
    ids[name] = created.id;
    if (plan.rejection) {
      await db.update(campaigns).set({ status: 'rejected' }).where(eq(campaigns.id, created.id));
      await db.execute(
        sql`update campaigns set modified_at = ${plan.rejection.modified}::timestamptz where id = ${created.id}`,
      );
      await db.insert(campaignStatusHistory).values({
        campaignId: created.id,
        fromStatus: 'submitted',
        toStatus: 'rejected',
        reason: plan.rejection.reason,
      });
    }
    if (plan.counters) {
      const [viewList, viewDetail, participations] = plan.counters;
      await db
        .insert(campaignCounters)
        .values({ campaignId: created.id, viewList, viewDetail, participations })
        .onConflictDoUpdate({
          target: campaignCounters.campaignId,
          set: { viewList, viewDetail, participations },
        });
    }
  }
  // Two pending wins of the sweepstake, one of the tip sweepstake, one handled.
  const winsOf = async (campaign: string, statuses: ('pending' | 'handled')[]) => {
    const [draw] = await db
      .insert(draws)
      .values({
        campaignId: campaign,
        seed: 'seed',
        participantsHash: 'hash',
        participantCount: statuses.length,
        manual: false,
      })
      .returning({ id: draws.id });
    if (!draw) throw new Error('no draw');
    await db.insert(wins).values(
      statuses.map((status, prizeIndex) => ({
        drawId: draw.id,
        campaignId: campaign,
        merchantId,
        prizeIndex,
        participantId: `gewinner-${String(prizeIndex)}`,
        status,
      })),
    );
  };
  await winsOf(ids['active sweepstake/standard'] ?? '', ['pending', 'pending', 'handled']);
  if (withTips) await winsOf(ids['active tip/sweepstake'] ?? '', ['pending']);
  // The rollups: each campaign's days, and the merchant's as their sums.
  const merchantDays = new Map<string, Counts>();
  for (const [name, day, counts] of CAMPAIGN_DAYS) {
    const campaignId = ids[name];
    if (!campaignId) continue;
    const [participations, firstParticipations, viewList, viewDetail, viewMail] = counts;
    const row = { participations, firstParticipations, viewList, viewDetail, viewMail };
    await db.insert(campaignDailyStats).values({ campaignId, merchantId, day, ...row });
    const sums = merchantDays.get(day) ?? [0, 0, 0, 0, 0];
    merchantDays.set(day, sums.map((sum, index) => sum + (counts[index] ?? 0)) as Counts);
  }
  for (const [day, counts] of merchantDays) {
    const [participations, firstParticipations, viewList, viewDetail, viewMail] = counts;
    const [all, withoutTips] = NEW_PARTICIPANTS[day] ?? [0, 0];
    await db.insert(merchantDailyStats).values({
      merchantId,
      day,
      participations,
      firstParticipations,
      viewList,
      viewDetail,
      viewMail,
      newParticipants: withTips ? all : withoutTips,
      newParticipantsWithoutTips: withoutTips,
    });
  }
  return { id: merchantId, ids };
}

const merchants: Record<'basic' | 'plain', Merchant> = {
  basic: { id: '', ids: {} },
  plain: { id: '', ids: {} },
};

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE, WINNER_APP_URL });
  const db = t.ctx.db;
  // A level-0 merchant with tips, whose owner may not open them; another without tips.
  const basic = await createMerchantWithOwner(db, { level: 0 });
  const plain = await createMerchantWithOwner(db, { level: 0 });
  await t.signInAs({
    owner: basic.owner,
    agency: await createAgency(db, [basic.merchant.id]),
    plainOwner: plain.owner,
  });
  merchants.basic = await fixture(basic.merchant.id, true);
  merchants.plain = await fixture(plain.merchant.id, false);
});
afterAll(async () => {
  await t.close();
});

/** The expected answer for a user who sees tips or not, of a merchant's fixture. */
function expected(merchant: Merchant, seesTips: boolean): TDashboardResponse {
  const id = (name: string) => merchant.ids[name] ?? `missing ${name}`;
  const title = (name: string) => ({ de: name });
  const sameYear = twoMonthsAgo.slice(0, 4) === today.slice(0, 4);
  const coupons = [
    { type: 'coupon/absolute', status: 'active', count: 1, sweeptotal: 0 },
    // The active one and the one without views.
    { type: 'coupon/free', status: 'active', count: 2, sweeptotal: 0 },
    { type: 'coupon/free', status: 'rejected', count: 1, sweeptotal: 0 },
    { type: 'coupon/m_for_n', status: 'active', count: 1, sweeptotal: 0 },
    { type: 'coupon/offer', status: 'active', count: 1, sweeptotal: 0 },
    { type: 'coupon/offer', status: 'rejected', count: 1, sweeptotal: 0 },
    { type: 'coupon/percent', status: 'active', count: 1, sweeptotal: 0 },
    { type: 'coupon/percent', status: 'deleted', count: 1, sweeptotal: 0 },
    { type: 'coupon/percent', status: 'rejected', count: 1, sweeptotal: 0 },
    // 3 × 25 € + 2 × 10 €; 1 €; 1 €.
    { type: 'sweepstake/standard', status: 'active', count: 1, sweeptotal: 9500 },
    { type: 'sweepstake/standard', status: 'ended', count: 1, sweeptotal: 100 },
    { type: 'sweepstake/standard', status: 'rejected', count: 1, sweeptotal: 100 },
  ] as const;
  const tips = [
    { type: 'tip/generic', status: 'active', count: 1, sweeptotal: 0 },
    { type: 'tip/generic', status: 'rejected', count: 1, sweeptotal: 0 },
    { type: 'tip/offer', status: 'active', count: 1, sweeptotal: 0 },
    { type: 'tip/standard', status: 'active', count: 1, sweeptotal: 0 },
    { type: 'tip/standard', status: 'rejected', count: 1, sweeptotal: 0 },
    { type: 'tip/sweepstake', status: 'active', count: 1, sweeptotal: 99_999 },
  ] as const;
  const rejected = (name: string, reason: string | null, modified: string) => ({
    uuid: id(name),
    type: PLAN[name]?.type ?? 'coupon/percent',
    title: title(name),
    rejection_reason: reason,
    modified,
  });
  const funnel = (name: string, [viewList, viewDetail, participations]: number[]) => ({
    uuid: id(name),
    type: PLAN[name]?.type ?? 'coupon/percent',
    status: PLAN[name]?.status ?? 'active',
    title: title(name),
    view_list: viewList ?? 0,
    view_detail: viewDetail ?? 0,
    participations: participations ?? 0,
  });
  const trend = (thisMonth: number, twoMonthsBefore: number) => [
    ...Array.from({ length: DEFAULT_CHART_COUNT - 3 }, () => 0),
    twoMonthsBefore,
    0,
    thisMonth,
  ];
  if (seesTips)
    return {
      campaigns: [...coupons, ...tips],
      users: {
        day: 6,
        month: 6,
        year: sameYear ? 14 : 6,
        total: 23,
        total_participations: 32,
        total_user_participations: 28,
        total_list_views: 210,
        total_detail_views: 75,
        total_mail_views: 6,
      },
      todo_wins: { count: 3, winner_app_url: WINNER_APP_URL },
      participation_trend: trend(10, 11),
      todo_rejected: [
        rejected('rejected percent', 'Rabatt zu hoch', '2026-03-06T23:59:59.999Z'),
        rejected('rejected generic tip', 'Quelle fehlt', '2026-03-05T10:00:00.000Z'),
        rejected('rejected sweepstake', 'Preis fehlt', '2026-03-04T10:00:00.500Z'),
        rejected('rejected tip', 'Tipp zu kurz', '2026-03-03T10:00:00.000Z'),
        rejected('rejected offer', null, '2026-03-02T10:00:00.000Z'),
      ],
      // The ten with the most list views of the twelve with any (the deleted one not counted).
      conversions: [
        funnel('active tip/sweepstake', [190, 49, 16]),
        funnel('active tip/generic', [180, 48, 15]),
        funnel('active tip/standard', [170, 47, 14]),
        funnel('active tip/offer', [160, 46, 13]),
        funnel('active coupon/percent', [150, 45, 12]),
        funnel('active coupon/offer', [140, 44, 11]),
        funnel('active coupon/m_for_n', [130, 43, 10]),
        funnel('active coupon/free', [120, 42, 9]),
        funnel('active coupon/absolute', [110, 41, 8]),
        funnel('active sweepstake/standard', [100, 40, 7]),
      ],
    };
  return {
    campaigns: [...coupons],
    users: {
      day: 4,
      month: 4,
      year: sameYear ? 9 : 4,
      total: 18,
      total_participations: 25,
      total_user_participations: 21,
      total_list_views: 140,
      total_detail_views: 60,
      total_mail_views: 4,
    },
    todo_wins: { count: 2, winner_app_url: WINNER_APP_URL },
    participation_trend: trend(7, 7),
    todo_rejected: [
      rejected('rejected percent', 'Rabatt zu hoch', '2026-03-06T23:59:59.999Z'),
      rejected('rejected sweepstake', 'Preis fehlt', '2026-03-04T10:00:00.500Z'),
      rejected('rejected offer', null, '2026-03-02T10:00:00.000Z'),
      rejected('rejected free', 'Bild fehlt', '2026-03-01T10:00:00.123Z'),
    ],
    conversions: [
      funnel('active coupon/percent', [150, 45, 12]),
      funnel('active coupon/offer', [140, 44, 11]),
      funnel('active coupon/m_for_n', [130, 43, 10]),
      funnel('active coupon/free', [120, 42, 9]),
      funnel('active coupon/absolute', [110, 41, 8]),
      funnel('active sweepstake/standard', [100, 40, 7]),
      funnel('ended sweepstake', [5, 2, 1]),
      funnel('rejected free', [3, 1, 0]),
    ],
  };
}

/** The statements the server sends while `call` runs (the job queue's own left out). */
async function statementsOf(call: () => Promise<unknown>): Promise<string[]> {
  const client = (t.ctx.db as unknown as { session: { client: { query: Querying } } }).session
    .client;
  const query = client.query;
  const texts: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first] = args;
    const text = typeof first === 'string' ? first : (first as { text?: string }).text;
    if (!text?.includes('pgboss')) texts.push(text ?? '');
    return query.apply(this, args);
  };
  try {
    await call();
  } finally {
    client.query = query;
  }
  return texts;
}
type Querying = (...args: unknown[]) => unknown;

const dashboard = async (merchant: Merchant, who: string) => {
  const answer = await t.api('GET', `/merchants/${merchant.id}/dashboard`, who);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer;
};

describe('the dashboard in one statement', () => {
  it('answers as before: tips hidden, every type seen, a merchant without tips', async () => {
    for (const [merchant, who, seesTips] of [
      [merchants.basic, 'owner', false],
      [merchants.basic, 'agency', true],
      [merchants.plain, 'plainOwner', false],
    ] as const) {
      const answer = await dashboard(merchant, who);
      expect(answer.json(), who).toEqual(expected(merchant, seesTips));
      // Byte for byte: the same properties in the same order.
      expect(answer.body, who).toBe(JSON.stringify(expected(merchant, seesTips)));
    }
  });

  it('reads the session with the access, then every figure, in two statements', async () => {
    for (const [merchant, who] of [
      [merchants.basic, 'owner'],
      [merchants.basic, 'agency'],
      [merchants.plain, 'plainOwner'],
    ] as const) {
      expect(await statementsOf(() => dashboard(merchant, who)), who).toHaveLength(2);
    }
  });

  it('reads the chart in two statements, the choice of campaigns checked in the second', async () => {
    const start = `${twoMonthsAgo.slice(0, 7)}-01`;
    const chart =
      (merchant: Merchant, who: string, query = '') =>
      async () => {
        const answer = await t.api(
          'GET',
          `/merchants/${merchant.id}/stats?timerange=month&count=3&start=${start}${query}`,
          who,
        );
        expect(answer.statusCode, answer.body).toBe(200);
        return answer;
      };
    const chosen = `&campaigns=${merchants.basic.ids['active sweepstake/standard'] ?? ''}`;
    for (const [merchant, who, query] of [
      [merchants.basic, 'owner', ''],
      [merchants.basic, 'agency', ''],
      [merchants.plain, 'plainOwner', ''],
      [merchants.basic, 'owner', chosen],
      [merchants.basic, 'agency', `${chosen}&distinct=participations`],
    ] as const) {
      expect(await statementsOf(chart(merchant, who, query)), `${who}${query}`).toHaveLength(2);
    }
    // The line of the merchant and of the chosen sweepstake, as the rollups hold them.
    const line = async (who: string, query = '') =>
      (await chart(merchants.basic, who, query)()).json<{
        participations: { series: { values: number[] }[] };
      }>().participations.series;
    expect((await line('owner'))[0]?.values).toEqual([7, 0, 7]);
    expect((await line('agency'))[0]?.values).toEqual([11, 0, 10]);
    expect((await line('agency', `${chosen}&distinct=participations`))[0]?.values).toEqual([
      6, 0, 4,
    ]);
  });
});
