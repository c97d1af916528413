/**
 * Long campaign lists: a merchant's own list is counted exactly however long
 * it is; lists over several merchants count exactly up to a limit and then
 * report the planner's estimate, marked as such, with an exact next link.
 * The text filter over all merchants (the trigram index) and within some.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emptyCampaignContent,
  type TCampaignListResponse,
  type TCampaignRow,
} from '@backoffice/domain';
import { campaigns } from '../../../src/platform/db/schema.js';
import {
  EXACT_SEARCH_TOTAL_LIMIT,
  EXACT_TOTAL_LIMIT,
} from '../../../src/modules/campaigns/queries.js';
import { createAdmin, createAgency, createMerchant } from '../../factories/index.js';
import { bearer, createTestApp, type TestApp } from '../../helpers.js';

let t: TestApp;
let admin: string;
let agency: string;
let adlerId: string;
const DAY = 24 * 3600_000;

// The agency's first merchant gets a long list; a bakery it does not act for a short one.
const SOMMERFEST = 130;
const WINTERAKTION = 900;
const SOMMERBROT = 25;
const ADLER_TOTAL = SOMMERFEST + WINTERAKTION;
const ALL_TOTAL = ADLER_TOTAL + SOMMERBROT;

beforeAll(async () => {
  t = await createTestApp();
  adlerId = (await createMerchant(t.ctx.db, { name: 'Modehaus Adler GmbH', level: 1 })).id;
  const bergerId = (await createMerchant(t.ctx.db, { name: 'Sportwelt Berger e.K.' })).id;
  const sonnenscheinId = (await createMerchant(t.ctx.db, { name: 'Bäckerei Sonnenschein GmbH' }))
    .id;
  const adminPerson = await createAdmin(t.ctx.db);
  const agencyPerson = await createAgency(t.ctx.db, [adlerId, bergerId]);
  admin = await t.signInAndInit(adminPerson.email, adminPerson.password);
  agency = await t.signInAndInit(agencyPerson.email, agencyPerson.password);
  const now = Date.now();
  const campaign = (merchant: string, title: string, index: number) => ({
    merchantId: merchant,
    type: 'coupon/percent' as const,
    status: 'created' as const,
    title: { de: title, en: `${title} (en)` },
    content: emptyCampaignContent(),
    validFrom: new Date(now + index * 60_000),
    validUntil: new Date(now + 30 * DAY),
  });
  const rows = [
    ...Array.from({ length: SOMMERFEST }, (_, i) => campaign(adlerId, `Sommerfest ${i}`, i)),
    ...Array.from({ length: WINTERAKTION }, (_, i) =>
      campaign(adlerId, `Winteraktion ${i}`, SOMMERFEST + i),
    ),
    ...Array.from({ length: SOMMERBROT }, (_, i) =>
      campaign(sonnenscheinId, `Sommerbrot ${i}`, ADLER_TOTAL + i),
    ),
  ];
  for (let start = 0; start < rows.length; start += 500) {
    await t.ctx.db.insert(campaigns).values(rows.slice(start, start + 500));
  }
  // Planner statistics, as autovacuum keeps them in a database in use.
  await t.ctx.db.execute(sql`analyze campaigns`);
});
afterAll(async () => {
  await t.close();
});

async function list(token: string, query: string): Promise<TCampaignListResponse> {
  const response = await t.app.inject({ url: `/api/campaigns?${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const rels = (result: TCampaignListResponse) => result.pager.links.map((link) => link.rel);
const titles = (rows: TCampaignRow[]) => rows.map((row) => row.title.de);

describe('a merchant’s own list', () => {
  it('is counted exactly however long it is', async () => {
    const first = await list(agency, `exact_merchant=${adlerId}`);
    expect(first.pager.total_entries).toBe(ADLER_TOTAL);
    expect(first.pager.total_entries_estimated).toBeUndefined();
    const lastPage = Math.ceil(ADLER_TOTAL / 10);
    expect(first.pager.links.at(-1)).toEqual({ rel: 'last', page: lastPage });
    const last = await list(agency, `exact_merchant=${adlerId}&page=${lastPage}`);
    expect(last.rows).toHaveLength(ADLER_TOTAL - (lastPage - 1) * 10);
    expect(rels(last)).toEqual(['first', 'prev', 'last']);
  });
});

describe('a list over several merchants', () => {
  it(`counts exactly up to ${EXACT_TOTAL_LIMIT} entries and estimates beyond, with an exact next link`, async () => {
    const first = await list(admin, '');
    expect(first.rows).toHaveLength(10);
    expect(first.pager.total_entries_estimated).toBe(true);
    expect(first.pager.total_entries).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    expect(first.pager.links).toContainEqual({ rel: 'next', page: 2 });
    // A filter that matches fewer is exact.
    const short = await list(admin, 'filter_campaign=Sommerbrot');
    expect(short.pager.total_entries).toBe(SOMMERBROT);
    expect(short.pager.total_entries_estimated).toBeUndefined();
  });

  it('knows the exact total on its real last page, and no next page there', async () => {
    const lastPage = Math.ceil(ALL_TOTAL / 10);
    const last = await list(admin, `page=${lastPage}`);
    expect(last.rows).toHaveLength(ALL_TOTAL - (lastPage - 1) * 10);
    expect(last.pager.total_entries).toBe(ALL_TOTAL);
    expect(last.pager.total_entries_estimated).toBeUndefined();
    expect(rels(last)).toEqual(['first', 'prev', 'last']);
  });

  it('does not take a page past the end for the total', async () => {
    const beyond = await list(admin, 'page=500');
    expect(beyond.rows).toEqual([]);
    expect(rels(beyond)).not.toContain('next');
    expect(beyond.pager.total_entries).toBeLessThan(499 * 10);
    expect(beyond.pager.total_entries).toBeGreaterThan(EXACT_TOTAL_LIMIT);
  });
});

describe('the text filter', () => {
  it(`finds a text among all merchants' campaigns, counted exactly up to ${EXACT_SEARCH_TOTAL_LIMIT} matches`, async () => {
    const frequent = await list(admin, 'filter_campaign=sommer&order_by=title');
    expect(frequent.pager.total_entries_estimated).toBe(true);
    expect(frequent.pager.total_entries).toBeGreaterThan(EXACT_SEARCH_TOTAL_LIMIT);
    expect(titles(frequent.rows).every((title) => title?.startsWith('Sommer'))).toBe(true);
    expect(titles(frequent.rows)[0]).toBe('Sommerbrot 0');

    const english = await list(admin, 'filter_campaign=Winteraktion%20899%20(en)');
    expect(titles(english.rows)).toEqual(['Winteraktion 899']);
    expect(english.pager.total_entries).toBe(1);
  });

  it('finds a campaign by its id among all merchants', async () => {
    const [some] = (await list(admin, 'filter_campaign=Sommerbrot%2012')).rows;
    const byId = await list(admin, `filter_campaign=${some?.uuid.slice(4, 20)}`);
    expect(titles(byId.rows)).toEqual(['Sommerbrot 12']);
  });

  it('searches an agency’s merchants without exact_merchant', async () => {
    const result = await list(agency, 'filter_campaign=Sommerfest%2012&order_by=title');
    // "Sommerfest 12" and "Sommerfest 120" to "Sommerfest 129"; not the bakery's "Sommerbrot".
    expect(result.pager.total_entries).toBe(11);
    expect(titles(result.rows)[0]).toBe('Sommerfest 12');
    expect(await list(agency, 'filter_campaign=Sommerbrot')).toMatchObject({
      rows: [],
      pager: { total_entries: 0 },
    });
  });

  it('matches titles and ids, never the keys of the stored titles', async () => {
    for (const scope of ['', `exact_merchant=${adlerId}&`]) {
      for (const text of ['%22de%22', '%22%3A', 'de%22%3A']) {
        const result = await list(admin, `${scope}filter_campaign=${text}`);
        expect(result.pager.total_entries, `${scope}${text}`).toBe(0);
      }
    }
  });
});
