/**
 * Participation data on the dashboard: the campaigns' figures and the chart's
 * buckets across a year boundary and a daylight-saving change, tips included.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCampaignEnvelope, TStatsCampaignsResponse } from '@backoffice/domain';
import { participation, participationHelpers } from '../../fixtures/participation.js';
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
const ids = { sonnenschein: '', silberblick: '', adler: '' };
let apiKey = '';

const { accepted, create, publish } = participationHelpers(
  () => t,
  () => apiKey,
);

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Europe/Berlin' });
  const db = t.ctx.db;
  // A basic merchant (owner, and staff managing campaigns), a silver one, and one an agency acts for.
  const basic = await createMerchantWithOwner(db);
  const silver = await createMerchantWithOwner(db, { level: 1 });
  const adler = await createMerchant(db, { level: 1 });
  ids.sonnenschein = basic.merchant.id;
  ids.silberblick = silver.merchant.id;
  ids.adler = adler.id;
  await t.signInAs({
    admin: await createAdmin(db),
    owner: basic.owner,
    silver: silver.owner,
    staff: await createPerson(db, {
      memberships: [{ merchantId: basic.merchant.id, roles: ['manage-campaigns'] }],
    }),
    agency: await createAgency(db, [adler.id]),
    multi: await createPerson(db, { memberships: [adler.id] }),
  });
  apiKey = (await createApiKey(db)).secret;
});
afterAll(async () => {
  await t.close();
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
    const adler = ids.adler;
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
