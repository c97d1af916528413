/**
 * The campaign list's pages (docs/product.md#api-calls GET /campaigns) read
 * page by page: for every order option, scope and filter, the pages are
 * contiguous, hold no campaign twice and leave none out, also where many
 * campaigns tie in the order's key (equal titles up to case, equal dates, no
 * dates, one type or status); and their sequence is the whole list in the
 * order the list always had: the key, empty values last in both directions,
 * then the id (decision 048 reads a page's ids from the order's index).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_ORDER_OPTIONS,
  emptyCampaignContent,
  type CampaignOrderOption,
  type CampaignStatus,
  type CampaignType,
  type TCampaignListResponse,
} from '@backoffice/domain';
import { queryRows } from '../../../src/platform/db/client.js';
import { campaigns } from '../../../src/platform/db/schema.js';
import {
  createAdmin,
  createAgency,
  createMerchant,
  createMerchantWithOwner,
} from '../../factories/index.js';
import { bearer, createTestApp, type TestApp } from '../../helpers.js';

let t: TestApp;
const tokens: Record<'owner' | 'agency' | 'admin', string> = { owner: '', agency: '', admin: '' };
let firstId: string;
let secondId: string;
const DAY = 24 * 3600_000;

// Few distinct values per column, so that every order's key ties often.
const TITLES: Record<string, string>[] = [
  { de: 'Alpha', en: 'Alpha' },
  { de: 'alpha', en: 'Other' },
  { de: 'ALPHA' },
  { de: 'Bravo' },
  { en: 'Only English' },
  {},
  { de: 'Charlie' },
];
const TYPES: CampaignType[] = ['coupon/percent', 'coupon/free', 'tip/offer', 'sweepstake/standard'];
const STATUSES: CampaignStatus[] = [
  'created',
  'active',
  'approved',
  'ended',
  'submitted',
  'deleted',
  'active',
  'rejected',
];
// From, until in days from now; null for an unplanned runtime.
const RUNTIMES: [number | null, number | null][] = [
  [-5, 5],
  [-5, 5],
  [null, null],
  [3, 9],
  [-20, -10],
  [-5, 5],
  [3, null],
];

beforeAll(async () => {
  t = await createTestApp();
  const { merchant: first, owner } = await createMerchantWithOwner(t.ctx.db, { level: 1 });
  firstId = first.id;
  secondId = (await createMerchant(t.ctx.db)).id;
  const agency = await createAgency(t.ctx.db, [firstId, secondId]);
  const admin = await createAdmin(t.ctx.db);
  tokens.owner = await t.signInAndInit(owner.email, owner.password);
  tokens.agency = await t.signInAndInit(agency.email, agency.password);
  tokens.admin = await t.signInAndInit(admin.email, admin.password);
  // Whole days, so that equal offsets are equal timestamps.
  const today = Math.floor(Date.now() / DAY) * DAY;
  const at = (days: number | null) => (days === null ? null : new Date(today + days * DAY));
  const rows = Array.from({ length: 58 }, (_, i) => {
    const [from, until] = RUNTIMES[i % RUNTIMES.length] ?? [null, null];
    return {
      merchantId: i % 4 === 3 ? secondId : firstId,
      title: TITLES[i % TITLES.length] ?? {},
      type: TYPES[i % TYPES.length] ?? 'coupon/percent',
      status: STATUSES[i % STATUSES.length] ?? 'created',
      content: emptyCampaignContent(),
      validFrom: at(from),
      validUntil: at(until),
      createdAt: new Date(today - (i % 3) * DAY),
      modifiedAt: new Date(today - (i % 2) * DAY),
    };
  });
  await t.ctx.db.insert(campaigns).values(rows);
});
afterAll(async () => {
  await t.close();
});

/** The list's order as it always was, written out: key (empty values last), then id. */
const REFERENCE_KEYS: Record<string, string> = {
  valid_from: 'valid_from',
  valid_until: 'valid_until',
  modified: 'modified_at',
  created: 'created_at',
  title: "left(coalesce(lower(title ->> 'de'), ''), 200)",
  type: 'type',
  status: 'status',
};

async function inReferenceOrder(ids: string[], order: CampaignOrderOption): Promise<string[]> {
  const descending = order.startsWith('-');
  const key = REFERENCE_KEYS[descending ? order.slice(1) : order];
  const direction = descending ? 'desc' : 'asc';
  const rows = await queryRows<{ id: string }>(
    t.ctx.db,
    sql`select id::text from campaigns where id::text in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by ${sql.raw(`${key} ${direction} nulls last, id ${direction}`)}`,
  );
  return rows.map((row) => row.id);
}

async function page(token: string, query: string): Promise<TCampaignListResponse> {
  const response = await t.app.inject({ url: `/api/campaigns?${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every page of a list, first to last, following the next links. */
async function walk(token: string, query: string) {
  const pages: TCampaignListResponse[] = [];
  for (let number = 1; ; number += 1) {
    const result = await page(token, `${query}&page=${number}`);
    pages.push(result);
    if (!result.pager.links.some((link) => link.rel === 'next')) break;
    expect(result.rows).toHaveLength(10);
  }
  return pages;
}

const CASES: [keyof typeof tokens, string][] = [
  ['owner', `exact_merchant=FIRST`],
  ['owner', `exact_merchant=FIRST&filter_status=active`],
  ['owner', `exact_merchant=FIRST&filter_type=coupon`],
  ['owner', `exact_merchant=FIRST&filter_runtime=running`],
  ['owner', `exact_merchant=FIRST&filter_campaign=alpha`],
  ['agency', `exact_merchant=FIRST`],
  ['agency', ''],
  ['admin', ''],
  ['admin', 'filter_status=created'],
  ['admin', 'filter_type=tip'],
  ['admin', 'filter_type=coupon%2Fpercent'],
  ['admin', 'filter_runtime=ended'],
  ['admin', 'filter_campaign=alpha'],
];

describe('pages of every order', () => {
  it.each(CASES)(
    '%s, %s: contiguous, no campaign twice or left out, in the list’s order',
    async (who, filter) => {
      const query = filter.replace('FIRST', firstId);
      for (const order of CAMPAIGN_ORDER_OPTIONS) {
        const pages = await walk(tokens[who], `${query}&order_by=${order}`);
        const ids = pages.flatMap((result) => result.rows.map((row) => row.uuid));
        const label = `${who} ${query} ${order}`;
        expect(new Set(ids).size, label).toBe(ids.length);
        for (const result of pages) {
          expect(result.pager.total_entries, label).toBe(ids.length);
          expect(result.pager.total_entries_estimated, label).toBeUndefined();
        }
        expect(ids, label).toEqual(await inReferenceOrder(ids, order));
      }
    },
  );

  it('lists every visible campaign of the scope, ties included', async () => {
    const visible = await queryRows<{ id: string }>(
      t.ctx.db,
      sql`select id::text from campaigns where status <> 'deleted' and merchant_id = ${firstId} and type not like 'tip/%'`,
    );
    expect(visible.length).toBeGreaterThan(20);
    for (const order of CAMPAIGN_ORDER_OPTIONS) {
      const pages = await walk(tokens.owner, `exact_merchant=${firstId}&order_by=${order}`);
      const ids = pages.flatMap((result) => result.rows.map((row) => row.uuid));
      expect([...ids].sort(), order).toEqual(visible.map((row) => row.id).sort());
    }
    const all = await queryRows<{ id: string }>(
      t.ctx.db,
      sql`select id::text from campaigns where status <> 'deleted'`,
    );
    const pages = await walk(tokens.admin, 'order_by=-title');
    expect(pages.flatMap((result) => result.rows.map((row) => row.uuid)).sort()).toEqual(
      all.map((row) => row.id).sort(),
    );
  });

  it('answers a page past the end with no rows and the exact total', async () => {
    for (const order of ['title', '-valid_until'] as const) {
      const beyond = await page(
        tokens.owner,
        `exact_merchant=${firstId}&order_by=${order}&page=40`,
      );
      const first = await page(tokens.owner, `exact_merchant=${firstId}&order_by=${order}`);
      expect(beyond.rows).toEqual([]);
      expect(beyond.pager.total_entries).toBe(first.pager.total_entries);
    }
  });
});
