/**
 * Access-code sets (docs/product.md#access-code-sets, docs/product.md#validation): who may use them, the set form with its
 * rules, and the merchant list of a set.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TAccessCodeSet,
  TAccessCodeSetDetail,
  TCodeStats,
  TMerchantDetail,
  TMerchantListResponse,
  TPager,
} from '@backoffice/domain';
import { accessCodeSets, campaigns } from '../../../src/platform/db/schema.js';
import { validAccessCodeSet } from '../../fixtures/access-code-sets.js';
import { multipartFile } from '../../fixtures/multipart.js';
import {
  createAdmin,
  createAgency,
  createCampaign as createCampaignRow,
  createMerchant,
  createPerson,
} from '../../factories/index.js';
import { bearer, createTestApp, type TestApp } from '../../helpers.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let merchantId = '';
let adlerId = '';

type Method = 'GET' | 'POST' | 'DELETE';

async function api(method: Method, url: string, who: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: who ? bearer(String(tokens[who])) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

async function createSet(body: object = validAccessCodeSet): Promise<TAccessCodeSetDetail> {
  const response = await api('POST', '/access-code-sets', 'admin', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ access_code_set: TAccessCodeSetDetail }>().access_code_set;
}

/** A set as the list shows it: its fields without its codes and links. */
const summaryOf = ({ codes: _codes, campaigns: _campaigns, ...fields }: TAccessCodeSetDetail) =>
  fields;

async function stats(setId: string): Promise<TCodeStats> {
  const response = await api('GET', `/access-code-sets/${setId}/codes`, 'admin');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ codes: TCodeStats }>().codes;
}

beforeAll(async () => {
  t = await createTestApp();
  merchantId = (await createMerchant(t.ctx.db, { name: 'Café Silberblick KG', level: 1 })).id;
  const bakery = await createMerchant(t.ctx.db, { name: 'Bäckerei Sonnenschein GmbH' });
  adlerId = (await createMerchant(t.ctx.db, { name: 'Modehaus Adler GmbH', level: 1 })).id;
  const berger = await createMerchant(t.ctx.db, { name: 'Sportwelt Berger e.K.' });
  const people = {
    admin: await createAdmin(t.ctx.db, { email: 'admin@example.com' }),
    owner: await createPerson(t.ctx.db, { memberships: [bakery.id] }),
    staff: await createPerson(t.ctx.db, {
      memberships: [{ merchantId: bakery.id, roles: ['manage-campaigns'] }],
    }),
    agency: await createAgency(t.ctx.db, [adlerId, berger.id]),
  };
  for (const [who, person] of Object.entries(people)) {
    tokens[who] = await t.signInAndInit(person.email, person.password);
  }
});
afterAll(async () => {
  await t.close();
});

describe('who may use access-code sets', () => {
  it('answers 403 to a merchant owner, staff and an agency and 401 to anonymous, on every endpoint', async () => {
    const set = await createSet();
    const id = set.id;
    const endpoints: [Method, string, unknown][] = [
      ['GET', '/access-code-sets', undefined],
      ['POST', '/access-code-sets', validAccessCodeSet],
      ['POST', '/access-code-sets', {}],
      ['GET', `/access-code-sets/${id}`, undefined],
      ['POST', `/access-code-sets/${id}`, validAccessCodeSet],
      ['GET', `/access-code-sets/${id}/links`, undefined],
      ['POST', `/access-code-sets/${id}/links`, []],
      ['GET', `/access-code-sets/${id}/codes`, undefined],
      ['POST', `/access-code-sets/${id}/codes`, { codes: 'A1' }],
      ['GET', `/access-code-sets/${id}/code-usage`, undefined],
      ['GET', `/access-code-sets/${randomUUID()}`, undefined],
    ];
    for (const [method, url, body] of endpoints) {
      for (const who of ['owner', 'staff', 'agency']) {
        const response = await api(method, url, who, body);
        expect(response.statusCode, `${who} ${method} ${url}`).toBe(403);
      }
      expect((await api(method, url, null, body)).statusCode, `anonymous ${method} ${url}`).toBe(
        401,
      );
    }
    const file = multipartFile('upload', 'codes.txt', 'A1\nA2\n', 'text/plain');
    for (const who of ['owner', 'staff', 'agency', null]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/access-code-sets/${id}/codes/upload`,
        headers: { ...(who ? bearer(String(tokens[who])) : {}), ...file.headers },
        payload: file.payload,
      });
      expect(response.statusCode, `${who} upload`).toBe(who ? 403 : 401);
    }
    // Nothing the others sent was stored.
    expect((await stats(id)).provided).toBe(0);
  });
});

describe('the set form (docs/product.md#validation)', () => {
  it('refuses a name of 9 characters and accepts one of 10', async () => {
    const short = await api('POST', '/access-code-sets', 'admin', {
      ...validAccessCodeSet,
      name: '123456789',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: 'invalid_value', field: 'name' });
    const set = await createSet({ ...validAccessCodeSet, name: '1234567890' });
    expect(set.name).toBe('1234567890');
  });

  it('names each missing required field', async () => {
    for (const field of ['type', 'name', 'hint_title', 'hint_text'] as const) {
      const { [field]: _omitted, ...rest } = validAccessCodeSet;
      const response = await api('POST', '/access-code-sets', 'admin', rest);
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toMatchObject({
        message: 'required_field_missing',
        field,
      });
      const blank = await api('POST', '/access-code-sets', 'admin', {
        ...validAccessCodeSet,
        [field]: '  ',
      });
      expect(blank.statusCode, `${field} blank`).toBe(400);
      expect(blank.json<{ field: string }>().field).toBe(field);
    }
    const badType = await api('POST', '/access-code-sets', 'admin', {
      ...validAccessCodeSet,
      type: 'x',
    });
    expect(badType.json()).toMatchObject({ field: 'type' });
  });

  it('refuses a validity that ends before it starts', async () => {
    const response = await api('POST', '/access-code-sets', 'admin', {
      ...validAccessCodeSet,
      valid_from: '2026-06-01T00:00:00.000Z',
      valid_until: '2026-05-01T00:00:00.000Z',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'invalid_value', field: 'valid_until' });
  });

  it('saves a set with its editor; the internal name stays; the list is paged', async () => {
    const set = await createSet();
    expect(set.internal_name).toMatch(/^sommeraktion-2026-nr-\d+-[0-9a-f]{8}$/);
    expect(set.email).toBe('admin@example.com');
    const saved = await api('POST', `/access-code-sets/${set.id}`, 'admin', {
      ...validAccessCodeSet,
      type: 'reusable',
      name: 'Winteraktion 2026',
      valid_from: '2026-12-01T08:00:00.000Z',
      valid_until: '2027-01-31T22:59:00.000Z',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json<{ access_code_set: TAccessCodeSetDetail }>().access_code_set;
    expect(after).toMatchObject({
      type: 'reusable',
      name: 'Winteraktion 2026',
      internal_name: set.internal_name,
      valid_from: '2026-12-01T08:00:00.000Z',
      valid_until: '2027-01-31T22:59:00.000Z',
    });
    const read = await api('GET', `/access-code-sets/${set.id}`, 'admin');
    expect(read.json<{ access_code_set: TAccessCodeSetDetail }>().access_code_set).toEqual(after);
    type SetList = { rows: TAccessCodeSet[]; pager: TPager };
    const listPage = async (page: number) => {
      const response = await api('GET', `/access-code-sets?page=${String(page)}`, 'admin');
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SetList>();
    };
    const before = await listPage(1);
    // Last modified first.
    expect(before.rows[0]?.id).toBe(set.id);
    const earlier = before.pager.total_entries;
    expect(earlier).toBe(await t.ctx.db.$count(accessCodeSets));
    expect(earlier).toBeGreaterThanOrEqual(3);

    // More than two pages of ten: nineteen sets saved after the one above, one after another.
    const created: TAccessCodeSet[] = [];
    for (let i = 1; i <= 19; i += 1) {
      created.push(
        summaryOf(await createSet({ ...validAccessCodeSet, name: `Seitenaktion ${String(i)}` })),
      );
    }
    const newestFirst = created.map((row) => row.id).reverse();
    const total = earlier + 19;
    const lastPage = Math.ceil(total / 10);
    const first = await listPage(1);
    expect(first.rows.map((row) => row.id)).toEqual(newestFirst.slice(0, 10));
    expect(first.pager).toEqual({
      links: [
        { rel: 'first', page: 1 },
        { rel: 'next', page: 2 },
        { rel: 'last', page: lastPage },
      ],
      entries_per_page: 10,
      total_entries: total,
    });
    // Page 2 goes on where page 1 ended: the nine oldest of the nineteen, then the set saved above.
    const second = await listPage(2);
    expect(second.rows.map((row) => row.id)).toEqual([...newestFirst.slice(10), set.id]);
    expect(second.rows.slice(0, 9)).toEqual(created.slice(0, 9).reverse());
    expect(second.rows[9]).toEqual(summaryOf(after));
    expect(second.pager).toEqual({
      links: [
        { rel: 'first', page: 1 },
        { rel: 'prev', page: 1 },
        { rel: 'next', page: 3 },
        { rel: 'last', page: lastPage },
      ],
      entries_per_page: 10,
      total_entries: total,
    });
    expect(lastPage).toBeGreaterThanOrEqual(3);
    // The sets saved before it follow on page 3, in the order page 1 had them.
    const third = await listPage(3);
    expect(third.rows.slice(0, 9).map((row) => row.id)).toEqual(
      before.rows.slice(1).map((row) => row.id),
    );
    const missing = await api('GET', `/access-code-sets/${randomUUID()}`, 'admin');
    expect(missing.statusCode).toBe(404);
    const saveMissing = await api(
      'POST',
      `/access-code-sets/${randomUUID()}`,
      'admin',
      validAccessCodeSet,
    );
    expect(saveMissing.statusCode).toBe(404);
  });
});

describe('the merchant list', () => {
  it('shows agencies their merchants with campaign counts, admins also the internal name', async () => {
    // An admin gives one of the agency's merchants an internal name, the rest of its profile as it is.
    const profile = (await api('GET', `/merchants/${adlerId}`, 'admin')).json<TMerchantDetail>();
    const saved = await api('POST', `/merchants/${adlerId}`, 'admin', {
      name: profile.name,
      brand_name: profile.brand_name,
      description: profile.description,
      vatin: profile.vatin,
      telephone: profile.telephone,
      email: profile.email,
      website: profile.website,
      social: profile.social,
      contacts: profile.contacts.map(({ type, value }) => ({ type, value })),
      coreg_enabled: profile.coreg_enabled,
      coreg_default_suitable: profile.coreg_default_suitable,
      coreg_terms: profile.coreg_terms,
      internal_name: 'Adler – intern',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const agency = await api('GET', '/merchants?page=1', 'agency');
    const rows = agency.json<TMerchantListResponse>().rows;
    expect(rows.length).toBe(2);
    for (const row of rows) {
      expect(row.internal_name).toBeNull();
      expect(row.campaign_count).toEqual(expect.any(Number));
    }
    // Agencies never see it, also not on the merchant that has one.
    expect(rows.find((row) => row.uuid === adlerId)?.internal_name).toBeNull();
    const adminAdler = await api('GET', '/merchants?filter=Adler', 'admin');
    expect(
      adminAdler.json<TMerchantListResponse>().rows.map((row) => [row.uuid, row.internal_name]),
    ).toEqual([[adlerId, 'Adler – intern']]);

    // Campaigns of the merchant, a deleted one among them.
    for (const status of ['created', 'active', 'ended', 'active', 'created', 'deleted'] as const)
      await createCampaignRow(t.ctx.db, { merchantId, status });
    const admin = await api('GET', '/merchants?filter=Silberblick', 'admin');
    const [silberblick] = admin.json<TMerchantListResponse>().rows;
    // The deleted ones not counted.
    const all = await t.ctx.db.$count(campaigns, eq(campaigns.merchantId, merchantId));
    const deleted = await t.ctx.db.$count(
      campaigns,
      and(eq(campaigns.merchantId, merchantId), eq(campaigns.status, 'deleted')),
    );
    expect(all).toBeGreaterThan(5);
    expect(deleted).toBeGreaterThan(0);
    expect(silberblick?.campaign_count).toBe(all - deleted);
    // Silberblick has none: null for admins too.
    expect(silberblick?.internal_name).toBeNull();
  });
});
