/**
 * Participation data end to end: API keys, ingest (per-event errors,
 * idempotency, exact counters under concurrent batches), the dashboard, the
 * chart's buckets across a year boundary and a daylight-saving change, and
 * winner draws. On PostgreSQL too (TEST_DATABASE_URL), where batches overlap.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TCampaignEnvelope,
  TIngestResponse,
  TStatsCampaignsResponse,
} from '@backoffice/domain';
import { campaigns, participants, participationEvents, wins } from '../src/platform/db/schema.js';
import { foldPending } from '../src/modules/ingest/fold.js';
import { applyRetention } from '../src/modules/ingest/privacy.js';
import { drawCandidates, drawOverIds, participantsHash } from '../src/modules/draws/draw.js';
import { runDueDraws } from '../src/modules/draws/service.js';
import { createTestApp, mailsDuring, type TestApp } from './helpers.js';
import { drawDeps } from '../src/services.js';

let t: TestApp;
const ids = { sonnenschein: '', silberblick: '' };
let apiKey = '';

async function send(events: object[], key = apiKey) {
  return t.app.inject({
    method: 'POST',
    url: '/api/ingest/events',
    headers: { 'x-api-key': key },
    payload: { events },
  });
}

/** Sends a batch that must be taken, and waits until the statistics count it (the fold). */
async function accepted(events: object[]): Promise<TIngestResponse> {
  const response = await send(events);
  expect(response.statusCode, response.body).toBe(200);
  await foldPending(t.ctx.db);
  return response.json();
}

async function create(who: string, merchant: string, type: string): Promise<string> {
  const response = await t.api('POST', '/campaigns', who, { merchant, type });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TCampaignEnvelope>().campaign.uuid;
}

/** Publishes a campaign as review and scheduler would: only published campaigns take events. */
async function publish(id: string): Promise<void> {
  await t.ctx.db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, id));
}

const participation = (campaign: string, participant: string, at: string, profile?: object) => ({
  id: randomUUID(),
  type: 'participation',
  campaign,
  participant,
  occurred_at: at,
  ...(profile ? { profile } : {}),
});

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Europe/Berlin' });
  await t.signInAs('admin', 'owner', 'silver', 'staff');
  ids.sonnenschein = await t.merchantId('Bäckerei Sonnenschein');
  ids.silberblick = await t.merchantId('Café Silberblick');
  const created = await t.api('POST', '/admin/api-keys', 'admin', { name: 'Consumer app' });
  expect(created.statusCode, created.body).toBe(200);
  apiKey = created.json().secret;
});
afterAll(async () => {
  await t.close();
});

describe('API keys', () => {
  it('are for admins only; the secret is shown once and stored hashed', async () => {
    for (const who of ['owner', 'silver', 'staff']) {
      expect((await t.api('GET', '/admin/api-keys', who)).statusCode).toBe(403);
      expect((await t.api('POST', '/admin/api-keys', who, { name: 'x' })).statusCode).toBe(403);
    }
    const list = (await t.api('GET', '/admin/api-keys', 'admin')).json();
    expect(JSON.stringify(list)).not.toContain(apiKey);
    expect(list.keys[0]).toMatchObject({ name: 'Consumer app', created_by: 'admin@example.com' });
    expect(apiKey.startsWith(list.keys[0].prefix)).toBe(true);
  });

  it('refuses unknown and revoked keys, and requests without one', async () => {
    const campaign = await create('owner', ids.sonnenschein, 'coupon/percent');
    await publish(campaign);
    const event = participation(campaign, 'p-1', new Date().toISOString());
    expect((await send([event], 'cbk_unknown')).statusCode).toBe(401);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/events',
      payload: { events: [event] },
    });
    expect(bare.statusCode).toBe(401);
    const other = (await t.api('POST', '/admin/api-keys', 'admin', { name: 'Old' })).json();
    expect((await send([event], other.secret)).statusCode).toBe(200);
    expect((await t.api('DELETE', `/admin/api-keys/${other.key.id}`, 'admin')).statusCode).toBe(
      200,
    );
    expect(
      (await send([participation(campaign, 'p-2', new Date().toISOString())], other.secret))
        .statusCode,
    ).toBe(401);
  });
});

describe('ingest', () => {
  it('keeps the valid events of a batch and names each rejected one', async () => {
    const campaign = await create('owner', ids.sonnenschein, 'coupon/percent');
    await publish(campaign);
    const now = new Date().toISOString();
    const result = await accepted([
      participation(campaign, 'anna', now),
      { id: randomUUID(), type: 'participation', campaign, occurred_at: now },
      { id: 'not-an-id', type: 'view_list', campaign, occurred_at: now },
      { id: randomUUID(), type: 'view_detail', campaign: randomUUID(), occurred_at: now },
      { id: randomUUID(), type: 'teleport', campaign, occurred_at: now },
      { id: randomUUID(), type: 'view_mail', campaign, occurred_at: now },
    ]);
    expect(result.accepted).toBe(2);
    expect(result.rejected).toEqual([
      { index: 1, id: expect.any(String), message: 'required_field_missing', field: 'participant' },
      { index: 2, id: 'not-an-id', message: 'invalid_value', field: 'id' },
      { index: 3, id: expect.any(String), message: 'not_found', field: 'campaign' },
      { index: 4, id: expect.any(String), message: 'invalid_value', field: 'type' },
    ]);
    const stored = (await t.api('GET', `/campaigns/${campaign}`, 'owner')).json().campaign;
    expect(stored).toMatchObject({
      participations: 1,
      distinct_users: 1,
      view_mail: 1,
      view_list: 0,
    });
  });

  it('counts an event sent twice once', async () => {
    const campaign = await create('owner', ids.sonnenschein, 'coupon/percent');
    await publish(campaign);
    const event = participation(campaign, 'bert', new Date().toISOString());
    expect(await accepted([event, event])).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(await accepted([event])).toMatchObject({ accepted: 0, duplicates: 1 });
    const stored = (await t.api('GET', `/campaigns/${campaign}`, 'owner')).json().campaign;
    expect(stored).toMatchObject({ participations: 1, distinct_users: 1 });
  });

  it('counts an event whose ids are written in capitals, once', async () => {
    const campaign = await create('owner', ids.sonnenschein, 'coupon/percent');
    await publish(campaign);
    const event = {
      ...participation(campaign.toUpperCase(), 'clara', new Date().toISOString()),
      id: randomUUID().toUpperCase(),
    };
    expect(await accepted([event])).toMatchObject({ accepted: 1, duplicates: 0, rejected: [] });
    expect(await accepted([{ ...event, id: event.id.toLowerCase() }])).toMatchObject({
      accepted: 0,
      duplicates: 1,
    });
    const stored = (await t.api('GET', `/campaigns/${campaign}`, 'owner')).json().campaign;
    expect(stored).toMatchObject({ participations: 1, distinct_users: 1 });
  });

  it('refuses more than 1,000 events in one request', async () => {
    const campaign = await create('owner', ids.sonnenschein, 'coupon/percent');
    const now = new Date().toISOString();
    const events = Array.from({ length: 1001 }, (_, i) => participation(campaign, `x${i}`, now));
    const response = await send(events);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'invalid_value', field: 'events' });
  });

  it('keeps counters exact under concurrent batches', async () => {
    const campaign = await create('owner', ids.sonnenschein, 'coupon/percent');
    await publish(campaign);
    const now = Date.now();
    // 8 batches of 50, the same 100 people in each: 400 participations, 100 distinct people.
    const batches = Array.from({ length: 8 }, (_, batch) =>
      Array.from({ length: 50 }, (_, i) =>
        participation(
          campaign,
          `person-${(batch * 50 + i) % 100}`,
          new Date(now - i * 1000).toISOString(),
        ),
      ),
    );
    const results = await Promise.all(batches.map((batch) => send(batch)));
    for (const result of results) expect(result.statusCode, result.body).toBe(200);
    await foldPending(t.ctx.db);
    const stored = (await t.api('GET', `/campaigns/${campaign}`, 'owner')).json().campaign;
    expect(stored).toMatchObject({ participations: 400, distinct_users: 100 });
  });
});

describe('dashboard and chart', () => {
  it('shows what was ingested, in German days', async () => {
    const campaign = await create('silver', ids.silberblick, 'sweepstake/standard');
    await t.api('POST', `/campaigns/${campaign}`, 'silver', {
      prizes: [{ count: 2, value: 5000, name: 'Kaffeemaschine', redemption: 'postal_delivery' }],
    });
    await publish(campaign);
    const before = (await t.api('GET', `/merchants/${ids.silberblick}/dashboard`, 'silver')).json();
    const now = new Date().toISOString();
    await accepted([
      participation(campaign, 'carla', now),
      participation(campaign, 'carla', now),
      participation(campaign, 'dora', now),
      { id: randomUUID(), type: 'view_list', campaign, occurred_at: now },
      { id: randomUUID(), type: 'view_detail', campaign, occurred_at: now },
    ]);
    const after = (await t.api('GET', `/merchants/${ids.silberblick}/dashboard`, 'silver')).json();
    expect(after.users.total_participations - before.users.total_participations).toBe(3);
    expect(after.users.total_user_participations - before.users.total_user_participations).toBe(2);
    expect(after.users.day - before.users.day).toBe(2);
    expect(after.users.total_list_views - before.users.total_list_views).toBe(1);
    expect(after.users.total_detail_views - before.users.total_detail_views).toBe(1);
    const published = after.campaigns.find(
      (row: { type: string; status: string }) =>
        row.type === 'sweepstake/standard' && row.status === 'active',
    );
    expect(published.sweeptotal).toBeGreaterThanOrEqual(10_000);
    expect(after.todo_wins).toEqual({ count: 0, winner_app_url: t.ctx.config.web.winnerAppUrl });
  });

  it('counts deleted campaigns under their status, as the list filtered on it finds them', async () => {
    const countOf = async (status: string) => {
      const { campaigns: rows } = (
        await t.api('GET', `/merchants/${ids.silberblick}/dashboard`, 'silver')
      ).json<{ campaigns: { type: string; status: string; count: number }[] }>();
      return rows
        .filter((row) => row.type === 'coupon/percent' && row.status === status)
        .reduce((sum, row) => sum + row.count, 0);
    };
    const before = await countOf('deleted');
    const campaign = await create('silver', ids.silberblick, 'coupon/percent');
    const deleted = await t.api('DELETE', `/campaigns/${campaign}`, 'silver');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await countOf('deleted')).toBe(before + 1);
    const list = await t.api(
      'GET',
      `/campaigns?exact_merchant=${ids.silberblick}&filter_status=deleted&filter_type=coupon%2Fpercent`,
      'silver',
    );
    expect(list.json().pager.total_entries).toBe(before + 1);
  });

  it('buckets by month across a year boundary and by week across a daylight-saving change', async () => {
    const campaign = await create('owner', ids.sonnenschein, 'coupon/percent');
    await publish(campaign);
    await accepted([
      // 23:30 UTC on 31 December is already 1 January in Berlin.
      participation(campaign, 'emil', '2025-12-31T23:30:00Z'),
      participation(campaign, 'emil', '2025-12-15T10:00:00Z'),
      participation(campaign, 'frieda', '2026-02-01T10:00:00Z'),
      // Summer time starts on 29 March 2026 at 02:00 in Berlin: Sunday late evening still belongs to that week.
      participation(campaign, 'gustav', '2026-03-29T21:30:00Z'),
      participation(campaign, 'gustav', '2026-03-29T22:30:00Z'),
    ]);
    const monthly = (
      await t.api(
        'GET',
        `/merchants/${ids.sonnenschein}/stats?timerange=month&count=3&start=2025-12-10&campaigns=${campaign}`,
        'owner',
      )
    ).json();
    expect(monthly.participations.labels).toEqual(['2025-12-01', '2026-01-01', '2026-02-01']);
    expect(monthly.participations.series).toEqual([
      { name: expect.any(String), campaign, values: [1, 1, 1] },
    ]);
    const distinct = (
      await t.api(
        'GET',
        `/merchants/${ids.sonnenschein}/stats?timerange=month&count=3&start=2025-12-10&campaigns=${campaign}&distinct=participations`,
        'owner',
      )
    ).json();
    expect(distinct.participations.series[0].values).toEqual([1, 0, 1]);
    const weekly = (
      await t.api(
        'GET',
        `/merchants/${ids.sonnenschein}/stats?timerange=week&count=2&start=2026-03-25&campaigns=${campaign}`,
        'owner',
      )
    ).json();
    // 29 March 23:30 Berlin is Sunday (week of 23 March); 00:30 on 30 March starts the next week.
    expect(weekly.participations.labels).toEqual(['2026-03-23', '2026-03-30']);
    expect(weekly.participations.series[0].values).toEqual([1, 1]);
    const yearly = (
      await t.api(
        'GET',
        `/merchants/${ids.sonnenschein}/stats?timerange=year&count=2&start=2025-06-01&campaigns=${campaign}`,
        'owner',
      )
    ).json();
    expect(yearly.participations.labels).toEqual(['2025-01-01', '2026-01-01']);
    expect(yearly.participations.series[0].values).toEqual([1, 4]);
  });

  it('lists the campaigns running in the chart range by end date, tips for admins and agencies only', async () => {
    // December 2025 to February 2026 (Berlin): from 1 December, up to 1 March.
    const listed = async (merchant: string, who: string) => {
      const response = await t.api(
        'GET',
        `/merchants/${merchant}/stats/campaigns?timerange=month&count=3&start=2025-12-10`,
        who,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TStatsCampaignsResponse>().campaigns;
    };
    /** A campaign with its title and runtime saved, and its row as the list shows it. */
    const dated = async (
      who: string,
      merchant: string,
      type: string,
      title: string,
      [from, until]: [string, string],
    ) => {
      const id = await create(who, merchant, type);
      const saved = await t.api('POST', `/campaigns/${id}`, who, {
        title: { de: title },
        valid_from: from,
        valid_until: until,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json<TCampaignEnvelope>().campaign).toMatchObject({
        valid_from: from,
        valid_until: until,
      });
      return { id, title: { de: title }, valid_until: until };
    };
    const sonnenschein = ids.sonnenschein;
    // Saved in another order than they end.
    const january = await dated('owner', sonnenschein, 'coupon/percent', 'Januar', [
      '2026-01-10T09:00:00.000Z',
      '2026-01-20T18:00:00.000Z',
    ]);
    const fromAutumn = await dated('owner', sonnenschein, 'coupon/free', 'Aus dem Herbst', [
      '2025-11-15T09:00:00.000Z',
      '2025-12-05T18:00:00.000Z',
    ]);
    const intoSpring = await dated(
      'owner',
      sonnenschein,
      'sweepstake/standard',
      'In den Frühling',
      ['2026-02-20T09:00:00.000Z', '2026-04-01T18:00:00.000Z'],
    );
    const tip = await dated('admin', sonnenschein, 'tip/offer', 'Tipp im Januar', [
      '2026-01-01T09:00:00.000Z',
      '2026-01-31T18:00:00.000Z',
    ]);
    // Not listed: one ended before the range, one starting after it, a deleted one inside it.
    await dated('owner', sonnenschein, 'coupon/percent', 'Herbst', [
      '2025-10-01T09:00:00.000Z',
      '2025-11-20T18:00:00.000Z',
    ]);
    await dated('owner', sonnenschein, 'coupon/percent', 'März', [
      '2026-03-05T09:00:00.000Z',
      '2026-03-31T18:00:00.000Z',
    ]);
    const deleted = await dated('owner', sonnenschein, 'coupon/percent', 'Gelöscht', [
      '2026-01-05T09:00:00.000Z',
      '2026-01-25T18:00:00.000Z',
    ]);
    expect((await t.api('DELETE', `/campaigns/${deleted.id}`, 'owner')).statusCode).toBe(200);
    // At the range's ends Berlin days count, as for the chart's buckets.
    const intoDecember = await dated('owner', sonnenschein, 'coupon/percent', 'Bis 1. Dezember', [
      '2025-11-20T09:00:00.000Z',
      '2025-11-30T23:30:00.000Z', // 1 December 00:30 in Berlin: inside
    ]);
    await dated('owner', sonnenschein, 'coupon/percent', 'Ab 1. März', [
      '2026-02-28T23:30:00.000Z', // 1 March 00:30 in Berlin: after
      '2026-03-20T09:00:00.000Z',
    ]);

    // The merchant's campaigns of the tests before have no runtime: not listed either.
    const expected = [intoDecember, fromAutumn, january, intoSpring];
    expect(await listed(sonnenschein, 'owner')).toEqual(expected);
    expect(await listed(sonnenschein, 'staff')).toEqual(expected);
    expect(await listed(sonnenschein, 'admin')).toEqual([
      intoDecember,
      fromAutumn,
      january,
      tip,
      intoSpring,
    ]);

    // An agency sees the tips of its merchants too; the merchant's own users do not.
    await t.signInAs('agency', 'multi');
    const adler = await t.merchantId('Modehaus Adler');
    const adlerTip = await dated('agency', adler, 'tip/standard', 'Tipp im Februar', [
      '2026-02-01T09:00:00.000Z',
      '2026-02-10T18:00:00.000Z',
    ]);
    const adlerCoupon = await dated('multi', adler, 'coupon/percent', 'Februar', [
      '2026-02-01T09:00:00.000Z',
      '2026-02-11T18:00:00.000Z',
    ]);
    expect(await listed(adler, 'agency')).toEqual([adlerTip, adlerCoupon]);
    expect(await listed(adler, 'admin')).toEqual([adlerTip, adlerCoupon]);
    expect(await listed(adler, 'multi')).toEqual([adlerCoupon]);
  });

  it('does not list a campaign that ended at the midnight the chart range starts with', async () => {
    // 1 December 2025 00:00 in Berlin (UTC+1): a runtime typed up to "30.11.2025" ends there.
    const midnight = '2025-11-30T23:00:00.000Z';
    const runtime = async (title: string, from: string, until: string) => {
      const id = await create('silver', ids.silberblick, 'coupon/percent');
      const saved = await t.api('POST', `/campaigns/${id}`, 'silver', {
        title: { de: title },
        valid_from: from,
        valid_until: until,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      return id;
    };
    const november = await runtime('Bis Ende November', '2025-11-10T15:00:00.000Z', midnight);
    const oneMinuteMore = await runtime(
      'Bis 1. Dezember 00:01',
      '2025-11-10T15:00:00.000Z',
      '2025-11-30T23:01:00.000Z',
    );
    // Runtimes start inclusively: one from the range's last midnight on is after it.
    const january = await runtime(
      'Ab Januar',
      '2025-12-31T23:00:00.000Z',
      '2026-01-20T18:00:00.000Z',
    );
    const response = await t.api(
      'GET',
      `/merchants/${ids.silberblick}/stats/campaigns?timerange=month&count=1&start=2025-12-01`,
      'silver',
    );
    expect(response.statusCode, response.body).toBe(200);
    const listed = response.json<TStatsCampaignsResponse>().campaigns.map((row) => row.id);
    expect(listed).toContain(oneMinuteMore);
    expect(listed).not.toContain(november);
    expect(listed).not.toContain(january);
  });

  it('reports kid statistics of the participants', async () => {
    const campaign = await create('silver', ids.silberblick, 'coupon/percent');
    await publish(campaign);
    const now = new Date();
    const year = Number(
      new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', year: 'numeric' }).format(now),
    );
    await accepted([
      participation(campaign, 'kid-parent-1', now.toISOString(), {
        gender: 'female',
        birth_year: 1985,
        kids: [
          { gender: 'male', birth_year: year - 4 },
          { gender: 'female', birth_year: year - 9 },
        ],
      }),
      participation(campaign, 'kid-parent-2', now.toISOString(), {
        gender: 'male',
        kids: [{ gender: 'female', birth_year: year - 4 }],
      }),
    ]);
    const stats = (
      await t.api(
        'GET',
        `/merchants/${ids.silberblick}/stats?timerange=month&count=1&start=${now.toISOString().slice(0, 10)}&campaigns=${campaign}`,
        'silver',
      )
    ).json();
    expect(stats.users_kids.person_gender).toEqual([
      { gender: 'female', count: 1 },
      { gender: 'male', count: 1 },
    ]);
    expect(stats.users_kids.youngest_kid).toEqual([
      { gender: 'female', age: 4, count: 1 },
      { gender: 'male', age: 4, count: 1 },
    ]);
    expect(stats.users_kids.all_kids).toEqual([
      { gender: 'female', age: 4, count: 1 },
      { gender: 'male', age: 4, count: 1 },
      { gender: 'female', age: 9, count: 1 },
    ]);
  });

  it('keeps kid statistics per merchant from the profile of a participant’s first participation', async () => {
    const first = await create('silver', ids.silberblick, 'coupon/percent');
    const second = await create('silver', ids.silberblick, 'coupon/percent');
    await publish(first);
    await publish(second);
    const now = new Date();
    const day = now.toISOString().slice(0, 10);
    const year = Number(
      new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', year: 'numeric' }).format(now),
    );
    const statsOf = async (campaigns: string[]) =>
      (
        await t.api(
          'GET',
          `/merchants/${ids.silberblick}/stats?timerange=week&count=1&start=${day}${campaigns.length > 0 ? `&campaigns=${campaigns.join(',')}` : ''}`,
          'silver',
        )
      ).json().users_kids;
    const before = await statsOf([]);
    const diverse = (rows: { gender: string | null; count: number }[]) =>
      rows.find((row) => row.gender === 'diverse')?.count ?? 0;
    await accepted([
      participation(first, 'kids-twice', now.toISOString(), {
        gender: 'diverse',
        kids: [{ gender: 'diverse', birth_year: year - 2 }],
      }),
    ]);
    // The same person again, in another campaign, with a changed profile.
    await accepted([
      participation(second, 'kids-twice', now.toISOString(), {
        gender: 'diverse',
        kids: [
          { gender: 'diverse', birth_year: year - 2 },
          { gender: 'diverse', birth_year: year - 12 },
        ],
      }),
    ]);
    const merchantWide = await statsOf([]);
    // With the merchant, the person is new once, with the profile of that first time.
    expect(diverse(merchantWide.person_gender) - diverse(before.person_gender)).toBe(1);
    const kidsAged = (
      rows: { gender: string | null; age: number | null; count: number }[],
      age: number,
    ) => rows.find((row) => row.gender === 'diverse' && row.age === age)?.count ?? 0;
    expect(kidsAged(merchantWide.all_kids, 2) - kidsAged(before.all_kids, 2)).toBe(1);
    expect(kidsAged(merchantWide.all_kids, 12) - kidsAged(before.all_kids, 12)).toBe(0);
    // With campaigns chosen, each campaign counts its own new participants.
    const ofBoth = await statsOf([first, second]);
    expect(ofBoth.person_gender).toEqual([{ gender: 'diverse', count: 2 }]);
    expect(ofBoth.youngest_kid).toEqual([{ gender: 'diverse', age: 2, count: 2 }]);
    expect(ofBoth.all_kids).toEqual([
      { gender: 'diverse', age: 2, count: 2 },
      { gender: 'diverse', age: 12, count: 1 },
    ]);
    // Erasing the person leaves the statistics as they were (they are counts, not people).
    expect((await t.api('DELETE', '/admin/participants/kids-twice', 'admin')).statusCode).toBe(200);
    expect(await statsOf([first, second])).toEqual(ofBoth);
  });

  it('refuses count 0 and 31, more than 9 campaigns, and another merchant’s campaign', async () => {
    const base = `/merchants/${ids.sonnenschein}/stats?timerange=month&start=2026-01-01`;
    expect((await t.api('GET', `${base}&count=0`, 'owner')).json()).toMatchObject({
      statusCode: 400,
      field: 'count',
    });
    expect((await t.api('GET', `${base}&count=31`, 'owner')).json()).toMatchObject({
      statusCode: 400,
      field: 'count',
    });
    const ten = Array.from({ length: 10 }, () => randomUUID()).join(',');
    expect((await t.api('GET', `${base}&count=3&campaigns=${ten}`, 'owner')).json()).toMatchObject({
      statusCode: 400,
      field: 'campaigns',
    });
    const foreign = await create('silver', ids.silberblick, 'coupon/percent');
    expect(
      (await t.api('GET', `${base}&count=3&campaigns=${foreign}`, 'owner')).json(),
    ).toMatchObject({ statusCode: 400, field: 'campaigns' });
  });

  it('answers another merchant’s user on every statistics call as if the merchant did not exist', async () => {
    for (const path of [
      `/merchants/${ids.silberblick}/dashboard`,
      `/merchants/${ids.silberblick}/stats?timerange=month&count=3&start=2026-01-01`,
      `/merchants/${ids.silberblick}/stats/campaigns?timerange=month&count=3&start=2026-01-01`,
    ]) {
      expect((await t.api('GET', path, 'owner')).statusCode, path).toBe(404);
      expect((await t.api('GET', path, 'silver')).statusCode, path).toBe(200);
    }
  });
});

describe('tips on the dashboard', () => {
  it('counts tips for admins and agencies only', async () => {
    const tip = await create('admin', ids.silberblick, 'tip/offer');
    const types = async (who: string) =>
      (await t.api('GET', `/merchants/${ids.silberblick}/dashboard`, who))
        .json<{ campaigns: { type: string }[] }>()
        .campaigns.map((row) => row.type);
    expect(await types('admin')).toContain('tip/offer');
    expect((await types('silver')).filter((type) => type.startsWith('tip/'))).toEqual([]);
    await t.api('DELETE', `/campaigns/${tip}`, 'admin');
  });
});

describe('values at the edges', () => {
  it('answers the dashboard when a sweepstake’s prizes are worth more than 2^53 cents', async () => {
    const campaign = await create('silver', ids.silberblick, 'sweepstake/standard');
    const saved = await t.api('POST', `/campaigns/${campaign}`, 'silver', {
      prizes: [
        { count: 1_000_000, value: 10_000_000_000, name: 'Villa', redemption: 'postal_delivery' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const dashboard = await t.api('GET', `/merchants/${ids.silberblick}/dashboard`, 'silver');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const created = dashboard
      .json<{ campaigns: { type: string; status: string; sweeptotal: number }[] }>()
      .campaigns.find((row) => row.type === 'sweepstake/standard' && row.status === 'created');
    expect(created?.sweeptotal).toBeGreaterThanOrEqual(1e16);
    await t.api('DELETE', `/campaigns/${campaign}`, 'silver');
  });

  it('refuses a chart starting before 1970 or ending after 9999', async () => {
    for (const query of [
      'timerange=month&count=3&start=0000-01-01',
      'timerange=month&count=3&start=1969-12-31',
      'timerange=year&count=30&start=9999-12-31',
    ]) {
      for (const path of ['stats', 'stats/campaigns']) {
        const refused = await t.api(
          'GET',
          `/merchants/${ids.silberblick}/${path}?${query}`,
          'silver',
        );
        expect(refused.statusCode, `${path}?${query}`).toBe(400);
        expect(refused.json()).toMatchObject({ message: 'invalid_value', field: 'start' });
      }
    }
    const last = await t.api(
      'GET',
      `/merchants/${ids.silberblick}/stats?timerange=year&count=30&start=9968-12-31`,
      'silver',
    );
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().participations.labels.at(-1)).toBe('9997-01-01');
  });
});

describe('winner draws', () => {
  it('draws distinct participants, one per prize unit, reproducibly from the recorded seed', () => {
    const people = Array.from({ length: 50 }, (_, i) => `p${i}`);
    const prizes = [
      { prizeIndex: 0, count: 3 },
      { prizeIndex: 1, count: 5 },
    ];
    // Scheme 2 (every new draw) over the ids' digests, scheme 1 (older draws) over the ids.
    for (const drawWinners of [drawCandidates, drawOverIds]) {
      const first = drawWinners(people, prizes, 'a'.repeat(64));
      expect(first.winners).toHaveLength(8);
      expect(new Set(first.winners.map((winner) => winner.participantId)).size).toBe(8);
      for (const winner of first.winners) expect(people).toContain(winner.participantId);
      expect(first.winners.filter((winner) => winner.prizeIndex === 0)).toHaveLength(3);
      // The same list (in any order) and seed give the same winners; another seed others.
      expect(drawWinners([...people].reverse(), prizes, 'a'.repeat(64))).toEqual(first);
      expect(drawWinners(people, prizes, 'b'.repeat(64)).winners).not.toEqual(first.winners);
      // Fewer people than prize units: everyone wins once.
      expect(drawWinners(['x', 'y'], prizes, 'c'.repeat(64)).winners).toHaveLength(2);
    }
    expect(drawOverIds(people, prizes, 'a'.repeat(64)).participantsHash).toBe(
      participantsHash([...people].sort()),
    );
  });

  it('draws an ended sweepstake once, counts open wins until handled, mails them', async () => {
    const campaign = await create('silver', ids.silberblick, 'sweepstake/standard');
    await t.api('POST', `/campaigns/${campaign}`, 'silver', {
      prizes: [{ count: 2, value: 1000, name: 'Torte', redemption: 'store_pickup' }],
    });
    // They took part in the runtime, which is over longer ago than the draw's
    // delay (DRAW_DELAY_MINUTES, 60), and the campaign was approved: the scheduler's state.
    const now = new Date(Date.now() - 2.5 * 3600_000).toISOString();
    await publish(campaign);
    await accepted(['h1', 'h2', 'h3', 'h4'].map((who) => participation(campaign, who, now)));
    await t.ctx.db
      .update(campaigns)
      .set({
        status: 'ended',
        validFrom: new Date(Date.now() - 3 * 3600_000),
        validUntil: new Date(Date.now() - 2 * 3600_000),
      })
      .where(eq(campaigns.id, campaign));
    const before = (await t.api('GET', `/merchants/${ids.silberblick}/dashboard`, 'silver')).json()
      .todo_wins.count;
    const mails = await mailsDuring(t, async () => {
      expect(await runDueDraws(drawDeps(t.ctx))).toBeGreaterThanOrEqual(1);
    });
    expect(mails.some((mail) => /^To: .*silver@example\.com/m.test(mail))).toBe(true);
    expect(await runDueDraws(drawDeps(t.ctx))).toBe(0);
    const { draw } = (await t.api('GET', `/campaigns/${campaign}/draw`, 'admin')).json();
    expect(draw.winners).toHaveLength(2);
    expect(draw.participant_count).toBe(4);
    const repeated = drawCandidates(
      ['h1', 'h2', 'h3', 'h4'],
      [{ prizeIndex: 0, count: 2 }],
      draw.seed,
    );
    expect(repeated.participantsHash).toBe(draw.participants_hash);
    expect(repeated.winners.map((w) => w.participantId).sort()).toEqual(
      draw.winners.map((w: { participant: string }) => w.participant).sort(),
    );
    const dashboard = (
      await t.api('GET', `/merchants/${ids.silberblick}/dashboard`, 'silver')
    ).json();
    expect(dashboard.todo_wins.count - before).toBe(2);

    const stored = await t.ctx.db.select().from(wins).where(eq(wins.campaignId, campaign));
    const winId = stored?.[0]?.id ?? '';
    const winner = stored?.[0]?.participantId ?? '';
    const handled = await accepted([
      {
        id: randomUUID(),
        type: 'win_handled',
        campaign,
        participant: winner,
        win: winId,
        occurred_at: now,
      },
    ]);
    expect(handled.accepted).toBe(1);
    const afterwards = (
      await t.api('GET', `/merchants/${ids.silberblick}/dashboard`, 'silver')
    ).json();
    expect(afterwards.todo_wins.count - before).toBe(1);
  });

  it('draws a sweepstake of 20,000 participants and as many prizes, and the one after it', async () => {
    const ended = async (hoursAgo: number, prizes: number, people: number) => {
      const campaign = await create('silver', ids.silberblick, 'sweepstake/standard');
      await t.api('POST', `/campaigns/${campaign}`, 'silver', {
        prizes: [{ count: prizes, value: 100, name: 'Brezel', redemption: 'store_pickup' }],
      });
      await t.ctx.db
        .update(campaigns)
        .set({
          status: 'ended',
          validFrom: new Date(Date.now() - (hoursAgo + 1) * 3600_000),
          validUntil: new Date(Date.now() - hoursAgo * 3600_000),
        })
        .where(eq(campaigns.id, campaign));
      // Who took part in the runtime, as ingest records it (sending 20,000 events would only take longer).
      const tookPart = new Date(Date.now() - (hoursAgo + 0.5) * 3600_000);
      await t.ctx.db.execute(sql`
        insert into campaign_participants (campaign_id, participant_id, first_at)
        select ${campaign}::uuid, ${campaign} || '-' || n, ${tookPart.toISOString()}::timestamptz
        from generate_series(1, ${people}) n`);
      return campaign;
    };
    const large = await ended(3, 20_000, 20_000);
    const small = await ended(2, 1, 3);
    expect(await runDueDraws(drawDeps(t.ctx))).toBeGreaterThanOrEqual(2);
    for (const [campaign, count] of [
      [large, 20_000],
      [small, 1],
    ] as const) {
      const { draw } = (await t.api('GET', `/campaigns/${campaign}/draw`, 'admin')).json();
      expect(draw?.winners, campaign).toHaveLength(count);
    }
  });

  it('draws DRAW_DELAY_MINUTES after the end, with the participations of the runtime sent meanwhile and none after it', async () => {
    const campaign = await create('silver', ids.silberblick, 'sweepstake/standard');
    await t.api('POST', `/campaigns/${campaign}`, 'silver', {
      prizes: [{ count: 5, value: 1000, name: 'Torte', redemption: 'store_pickup' }],
    });
    const end = new Date(Date.now() - 5_000);
    const later = (minutes: number) => new Date(end.getTime() + minutes * 60_000);
    await t.ctx.db
      .update(campaigns)
      .set({ status: 'active', validFrom: new Date(end.getTime() - 3600_000), validUntil: end })
      .where(eq(campaigns.id, campaign));
    const early = new Date(end.getTime() - 1800_000).toISOString();
    await accepted([participation(campaign, 'early-bird', early)]);
    const drawOf = async () =>
      (await t.api('GET', `/campaigns/${campaign}/draw`, 'admin')).json().draw;
    // The scheduler's ticks after the end leave it alone for the delay's 60 minutes.
    await runDueDraws(drawDeps(t.ctx));
    await runDueDraws(drawDeps(t.ctx), later(59));
    expect(await drawOf()).toBeNull();
    // A participation of the runtime's last seconds that the app sent a moment
    // later, and one that happened a second after the end: counted, not drawn.
    const lastSecond = new Date(end.getTime() - 2_000).toISOString();
    const afterTheEnd = new Date(end.getTime() + 1_000).toISOString();
    const late = await accepted([
      participation(campaign, 'last-second', lastSecond),
      participation(campaign, 'after-the-end', afterTheEnd),
    ]);
    expect(late.accepted).toBe(2);
    expect(await runDueDraws(drawDeps(t.ctx), later(60))).toBeGreaterThanOrEqual(1);
    const draw = await drawOf();
    expect(draw).toMatchObject({ manual: false, participant_count: 2 });
    expect(draw.participants_hash).toBe(
      drawCandidates(['early-bird', 'last-second'], [], draw.seed).participantsHash,
    );
  });

  it('draws at the first tick after the end with DRAW_DELAY_MINUTES=0', async () => {
    expect(t.ctx.config.campaigns.drawDelayMinutes).toBe(60);
    const campaign = await create('silver', ids.silberblick, 'sweepstake/standard');
    await t.api('POST', `/campaigns/${campaign}`, 'silver', {
      prizes: [{ count: 1, value: 1000, name: 'Torte', redemption: 'store_pickup' }],
    });
    const end = new Date(Date.now() - 1_000);
    await t.ctx.db
      .update(campaigns)
      .set({ status: 'active', validFrom: new Date(end.getTime() - 3600_000), validUntil: end })
      .where(eq(campaigns.id, campaign));
    await accepted([participation(campaign, 'z1', new Date(end.getTime() - 60_000).toISOString())]);
    const noDelay = { ...drawDeps(t.ctx), drawDelayMinutes: 0 };
    // Not before the end, even without a delay.
    await runDueDraws(noDelay, new Date(end.getTime() - 1));
    expect((await t.api('GET', `/campaigns/${campaign}/draw`, 'admin')).json().draw).toBeNull();
    expect(await runDueDraws(noDelay)).toBeGreaterThanOrEqual(1);
    const { draw } = (await t.api('GET', `/campaigns/${campaign}/draw`, 'admin')).json();
    expect(draw).toMatchObject({ manual: false, participant_count: 1 });
  });

  it('lets only admins draw by hand, only once, and only after the end', async () => {
    const campaign = await create('silver', ids.silberblick, 'sweepstake/standard');
    await t.api('POST', `/campaigns/${campaign}`, 'silver', {
      manual_draw: true,
      prizes: [{ count: 1, value: 1000, name: 'Kuchen', redemption: 'store_pickup' }],
    });
    await publish(campaign);
    await accepted([participation(campaign, 'm1', new Date().toISOString())]);
    expect((await t.api('POST', `/campaigns/${campaign}/draw`, 'silver')).statusCode).toBe(403);
    expect((await t.api('POST', `/campaigns/${campaign}/draw`, 'admin')).json().message).toBe(
      'campaign_not_ended',
    );
    await t.ctx.db.update(campaigns).set({ status: 'ended' }).where(eq(campaigns.id, campaign));
    // The scheduler leaves a manual draw to the admin.
    await runDueDraws(drawDeps(t.ctx));
    expect((await t.api('GET', `/campaigns/${campaign}/draw`, 'admin')).json().draw).toBeNull();
    const drawn = await t.api('POST', `/campaigns/${campaign}/draw`, 'admin');
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(drawn.json().draw).toMatchObject({ manual: true, participant_count: 1 });
    expect((await t.api('POST', `/campaigns/${campaign}/draw`, 'admin')).json().message).toBe(
      'already_drawn',
    );
  });

  it('lets an admin draw by hand right after the end, without the scheduler’s delay', async () => {
    const campaign = await create('silver', ids.silberblick, 'sweepstake/standard');
    await t.api('POST', `/campaigns/${campaign}`, 'silver', {
      manual_draw: true,
      prizes: [{ count: 1, value: 1000, name: 'Kuchen', redemption: 'store_pickup' }],
    });
    const end = new Date(Date.now() + 60_000);
    await t.ctx.db
      .update(campaigns)
      .set({ status: 'active', validFrom: new Date(end.getTime() - 3600_000), validUntil: end })
      .where(eq(campaigns.id, campaign));
    await accepted([participation(campaign, 'r1', new Date(Date.now() - 5_000).toISOString())]);
    expect((await t.api('POST', `/campaigns/${campaign}/draw`, 'admin')).json().message).toBe(
      'campaign_not_ended',
    );
    // The runtime ended a second ago; the scheduler has not even ended the campaign yet.
    await t.ctx.db
      .update(campaigns)
      .set({ validUntil: new Date(Date.now() - 1_000) })
      .where(eq(campaigns.id, campaign));
    const drawn = await t.api('POST', `/campaigns/${campaign}/draw`, 'admin');
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(drawn.json().draw).toMatchObject({ manual: true, participant_count: 1 });
  });
});

describe('privacy', () => {
  it('erases a participant on request while counters and rollups stay', async () => {
    const campaign = await create('silver', ids.silberblick, 'coupon/percent');
    await publish(campaign);
    const now = new Date().toISOString();
    await accepted([
      participation(campaign, 'to-forget', now, { gender: 'female', kids: [] }),
      participation(campaign, 'to-forget', now),
      participation(campaign, 'stays', now),
    ]);
    const before = (await t.api('GET', `/merchants/${ids.silberblick}/dashboard`, 'silver')).json();
    expect((await t.api('DELETE', '/admin/participants/to-forget', 'silver')).statusCode).toBe(403);
    const erased = await t.api('DELETE', '/admin/participants/to-forget', 'admin');
    expect(erased.json()).toEqual({ erased: { events: 2, campaigns: 1 } });
    const rows = await t.ctx.db
      .select()
      .from(participationEvents)
      .where(eq(participationEvents.participantId, 'to-forget'));
    expect(rows).toEqual([]);
    expect(
      await t.ctx.db.select().from(participants).where(eq(participants.id, 'to-forget')),
    ).toEqual([]);
    const after = (await t.api('GET', `/merchants/${ids.silberblick}/dashboard`, 'silver')).json();
    expect(after.users).toEqual(before.users);
    const stored = (await t.api('GET', `/campaigns/${campaign}`, 'silver')).json().campaign;
    expect(stored).toMatchObject({ participations: 3, distinct_users: 2 });
  });

  // A profile is stored in the batch's own transaction, with its event, and a
  // duplicate stores none: test/ingest-receipts.test.ts, "a duplicate changes nothing".

  it('erases a batch that was being written when the erasure came', async () => {
    const campaign = await create('silver', ids.silberblick, 'coupon/percent');
    await publish(campaign);
    const db = t.ctx.db;
    const transaction = db.transaction.bind(db);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let written = () => {};
    const inside = new Promise<void>((resolve) => (written = resolve));
    // The batch's transaction stops after its writes, before its commit.
    db.transaction = ((work, config) =>
      transaction(async (tx) => {
        const result = await work(tx);
        written();
        await gate;
        return result;
      }, config)) as typeof db.transaction;
    try {
      const sending = send([participation(campaign, 'mid-batch', new Date().toISOString())]);
      await inside;
      db.transaction = transaction;
      const erasing = t.api('DELETE', '/admin/participants/mid-batch', 'admin');
      await new Promise((resolve) => setTimeout(resolve, 150));
      release();
      const [sent, erased] = await Promise.all([sending, erasing]);
      expect(sent.json()).toMatchObject({ accepted: 1 });
      expect(erased.json()).toEqual({ erased: { events: 1, campaigns: 1 } });
    } finally {
      db.transaction = transaction;
      release();
    }
    const left = await t.ctx.db
      .select()
      .from(participationEvents)
      .where(eq(participationEvents.participantId, 'mid-batch'));
    expect(left).toEqual([]);
  });

  it('refuses events older than the retention period and purges stored ones past it', async () => {
    const campaign = await create('silver', ids.silberblick, 'coupon/percent');
    await publish(campaign);
    const old = new Date(Date.now() - 800 * 24 * 3600_000).toISOString();
    const result = await accepted([participation(campaign, 'old-one', old)]);
    expect(result.rejected).toEqual([
      { index: 0, id: expect.any(String), message: 'invalid_value', field: 'occurred_at' },
    ]);
    await accepted([participation(campaign, 'recent-one', new Date().toISOString())]);
    // Just over two years (the default retention) later:
    const later = new Date(Date.now() + 731 * 24 * 3600_000);
    expect((await applyRetention(t.ctx, later)).events).toBeGreaterThanOrEqual(1);
    const left = await t.ctx.db
      .select()
      .from(participationEvents)
      .where(eq(participationEvents.participantId, 'recent-one'));
    expect(left).toEqual([]);
    expect(
      (await t.api('GET', `/campaigns/${campaign}`, 'silver')).json().campaign.participations,
    ).toBe(1);
  });
});
