/**
 * The campaign list's filters, orders and pager (spec §7 GET /campaigns, §9),
 * and the runtime filter against the domain's phase rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_ORDER_FIELDS,
  RUNTIME_FILTERS,
  TYPE_FILTERS,
  campaignPhase,
  emptyCampaignContent,
  type CampaignStatus,
  type CampaignType,
  type TCampaignListResponse,
  type TCampaignRow,
} from '@backoffice/domain';
import { campaigns } from '../src/platform/db/schema.js';
import { bearer, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let token: string;
let merchantId: string;
const DAY = 24 * 3600_000;

interface Seed {
  title: string;
  type: CampaignType;
  status: CampaignStatus;
  from: number | null;
  until: number | null;
}

// Days relative to now; every combination the phase rule distinguishes.
const SEEDS: Seed[] = [
  { title: 'Alpha', type: 'coupon/percent', status: 'active', from: -5, until: 5 },
  { title: 'Bravo', type: 'coupon/free', status: 'approved', from: -1, until: 9 },
  { title: 'Charlie', type: 'coupon/m_for_n', status: 'approved', from: 3, until: 10 },
  { title: 'Delta', type: 'coupon/offer', status: 'created', from: 2, until: 8 },
  { title: 'Echo', type: 'coupon/absolute', status: 'submitted', from: -3, until: 4 },
  { title: 'Foxtrot', type: 'sweepstake/standard', status: 'ended', from: -20, until: -10 },
  { title: 'Golf', type: 'sweepstake/standard', status: 'active', from: -20, until: -1 },
  { title: 'Hotel', type: 'tip/offer', status: 'start_review', from: 1, until: 2 },
  { title: 'India', type: 'tip/generic', status: 'rejected', from: 1, until: 2 },
  { title: 'Juliett', type: 'coupon/percent', status: 'created', from: null, until: null },
  { title: 'Kilo', type: 'coupon/percent', status: 'deleted', from: -1, until: 1 },
  { title: 'Lima', type: 'coupon/free', status: 'created', from: 5, until: 1 },
];

beforeAll(async () => {
  t = await createTestApp();
  token = await t.signInAndInit('agency@example.com');
  merchantId = await t.merchantId('Modehaus Adler');
  const now = Date.now();
  let minute = 0;
  for (const seed of SEEDS) {
    minute += 1;
    await t.ctx.db.insert(campaigns).values({
      merchantId,
      type: seed.type,
      status: seed.status,
      title: { de: seed.title, en: `${seed.title} EN` },
      content: emptyCampaignContent(),
      validFrom: seed.from === null ? null : new Date(now + seed.from * DAY),
      validUntil: seed.until === null ? null : new Date(now + seed.until * DAY),
      createdAt: new Date(now - (100 - minute) * 60_000),
      modifiedAt: new Date(now - minute * 60_000),
    });
  }
});
afterAll(async () => {
  await t.close();
});

async function list(query: string): Promise<TCampaignListResponse> {
  const response = await t.app.inject({
    url: `/api/campaigns?exact_merchant=${merchantId}&${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const titles = (rows: TCampaignRow[]) => rows.map((row) => row.title.de);
const living = SEEDS.filter((seed) => seed.status !== 'deleted');

describe('filters', () => {
  it('hides deleted campaigns unless filtered on them', async () => {
    expect((await list('')).pager.total_entries).toBe(living.length);
    expect(titles((await list('filter_status=deleted')).rows)).toEqual(['Kilo']);
  });

  it.each([
    'created',
    'submitted',
    'start_review',
    'approved',
    'active',
    'ended',
    'rejected',
  ] as const)('filters by status %s', async (status) => {
    const expected = SEEDS.filter((seed) => seed.status === status)
      .map((seed) => seed.title)
      .sort();
    expect(titles((await list(`filter_status=${status}&order_by=title`)).rows)).toEqual(expected);
  });

  it.each(TYPE_FILTERS)('filters by type %s', async (filter) => {
    const expected = living
      .filter((seed) =>
        filter.includes('/') ? seed.type === filter : seed.type.startsWith(`${filter}/`),
      )
      .map((seed) => seed.title)
      .sort();
    expect(
      titles((await list(`filter_type=${encodeURIComponent(filter)}&order_by=title`)).rows),
    ).toEqual(expected);
  });

  it.each(RUNTIME_FILTERS)(
    'filters by runtime %s exactly as the phase rule says',
    async (phase) => {
      const now = new Date();
      const expected = living
        .filter((seed) => {
          const from = seed.from === null ? null : new Date(now.getTime() + seed.from * DAY);
          const until = seed.until === null ? null : new Date(now.getTime() + seed.until * DAY);
          return campaignPhase(seed.status, from, until, now) === phase;
        })
        .map((seed) => seed.title)
        .sort();
      expect(expected.length).toBeGreaterThan(0);
      const result = await list(`filter_runtime=${phase}&order_by=title`);
      expect(titles(result.rows)).toEqual(expected);
      for (const row of result.rows) expect(row.phase).toBe(phase);
    },
  );

  it('finds campaigns by a title in any locale or by id, treating wildcards literally', async () => {
    expect(titles((await list('filter_campaign=harl')).rows)).toEqual(['Charlie']);
    expect(titles((await list('filter_campaign=delta%20en')).rows)).toEqual(['Delta']);
    const [alpha] = (await list('filter_campaign=Alpha')).rows;
    expect(titles((await list(`filter_campaign=${alpha?.uuid}`)).rows)).toEqual(['Alpha']);
    expect((await list('filter_campaign=%25')).pager.total_entries).toBe(0);
  });

  it('combines filters', async () => {
    expect(
      titles((await list('filter_type=coupon&filter_status=created&order_by=title')).rows),
    ).toEqual(['Delta', 'Juliett', 'Lima']);
  });

  it('refuses unknown filter values with invalid_value', async () => {
    for (const query of [
      'filter_status=online',
      'filter_type=coupon/bogus',
      'filter_runtime=invalid',
      'order_by=price',
      'page=0',
    ]) {
      const response = await t.app.inject({
        url: `/api/campaigns?${query}`,
        headers: bearer(token),
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBe('invalid_value');
    }
  });
});

describe('order', () => {
  const key: Record<(typeof CAMPAIGN_ORDER_FIELDS)[number], (row: TCampaignRow) => string> = {
    valid_from: (row) => row.valid_from ?? '',
    valid_until: (row) => row.valid_until ?? '',
    modified: (row) => row.modified,
    created: (row) => row.uuid,
    title: (row) => row.title.de?.toLowerCase() ?? '',
    type: (row) => row.type,
    status: (row) => row.current_status,
  };

  it.each(CAMPAIGN_ORDER_FIELDS.filter((field) => field !== 'created'))(
    'orders by %s in both directions, empty values last',
    async (field) => {
      const ascending = [
        ...(await list(`order_by=${field}`)).rows,
        ...(await list(`order_by=${field}&page=2`)).rows,
      ];
      const descending = [
        ...(await list(`order_by=-${field}`)).rows,
        ...(await list(`order_by=-${field}&page=2`)).rows,
      ];
      expect(ascending).toHaveLength(living.length);
      expect(descending).toHaveLength(living.length);
      const values = ascending.map(key[field]).filter((value) => value !== '');
      expect(values).toEqual([...values].sort());
      const reversed = descending.map(key[field]).filter((value) => value !== '');
      expect(reversed).toEqual([...reversed].sort().reverse());
      // In both directions the rows without a value form the tail, after every filled one.
      const empties = living.length - values.length;
      expect(reversed).toHaveLength(values.length);
      for (const rows of [ascending, descending]) {
        expect(rows.slice(0, values.length).map(key[field])).not.toContain('');
        expect(rows.slice(values.length).map(key[field])).toEqual(
          Array.from({ length: empties }, () => ''),
        );
      }
      // Juliett alone has no runtime: last in both directions when ordered by either end.
      if (field === 'valid_from' || field === 'valid_until') {
        expect(empties).toBe(1);
        expect(ascending.at(-1)?.title.de).toBe('Juliett');
        expect(descending.at(-1)?.title.de).toBe('Juliett');
      } else {
        expect(empties).toBe(0);
      }
    },
  );

  it('orders by creation in both directions', async () => {
    const ascending = titles((await list('order_by=created')).rows);
    expect(ascending.slice(0, 3)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const descending = titles((await list('order_by=-created')).rows);
    expect(descending.slice(0, 3)).toEqual(['Lima', 'Juliett', 'India']);
  });

  it('defaults to valid_from', async () => {
    expect(titles((await list('')).rows)).toEqual(titles((await list('order_by=valid_from')).rows));
  });
});

describe('pager', () => {
  it('links first/next/last on the first page and first/prev/last on the last', async () => {
    const first = await list('');
    expect(first.rows).toHaveLength(10);
    expect(first.pager).toEqual({
      links: [
        { rel: 'first', page: 1 },
        { rel: 'next', page: 2 },
        { rel: 'last', page: 2 },
      ],
      entries_per_page: 10,
      total_entries: living.length,
    });
    const last = await list('page=2');
    expect(last.rows).toHaveLength(living.length - 10);
    expect(last.pager.links.map((link) => link.rel)).toEqual(['first', 'prev', 'last']);
  });

  it('answers a page past the end with no rows and links back', async () => {
    const beyond = await list('page=9');
    expect(beyond.rows).toEqual([]);
    expect(beyond.pager.links).toEqual([
      { rel: 'first', page: 1 },
      { rel: 'prev', page: 2 },
      { rel: 'last', page: 2 },
    ]);
  });
});
