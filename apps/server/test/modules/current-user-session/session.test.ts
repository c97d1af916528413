import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../../src/platform/db/schema.js';
import {
  createAdmin,
  createAgency,
  createMerchant,
  createMerchantWithOwner,
  createPerson,
  TEST_PASSWORD,
} from '../../factories/index.js';
import { bearer, createTestApp, type TestApp } from '../../helpers.js';
import { expectProblem } from '../../fixtures/problem.js';

let t: TestApp;

/** The twelve merchants of the member of many (more than the autocomplete threshold of ten). */
const MANY = [
  { name: 'Modehaus Adler GmbH', level: 1 },
  { name: 'Sportwelt Berger e.K.' },
  { name: 'Autohaus Keller GmbH', level: 2 },
  { name: 'Blumen Lindner' },
  // Nobody is its contact.
  {
    name: 'Getränke Huber OHG',
    brandName: 'Getränke Huber',
    errors: ['Kein Ansprechpartner definiert!'],
  },
  { name: 'Buchhandlung Wagner', brandName: 'Wagners Bücherstube', level: 1 },
  { name: 'Elektro Schmid GmbH' },
  { name: 'Fischer Feinkost', brandName: 'Feinkost Fischer' },
  { name: 'Weber Reisen GmbH', level: 1 },
  { name: 'Optik Meyer' },
  { name: 'Schulz Spielwaren', brandName: 'Spielwaren Schulz' },
  { name: 'Kochstudio Koch', brandName: 'Kochstudio' },
];

beforeAll(async () => {
  t = await createTestApp();
  // Fourteen merchants: a level-0 bakery with its owner and a staff member, a
  // silver merchant with its owner, and the twelve above.
  const bakery = await createMerchantWithOwner(
    t.ctx.db,
    { name: 'Bäckerei Sonnenschein GmbH' },
    { email: 'owner@example.com' },
  );
  await createPerson(t.ctx.db, {
    email: 'staff@example.com',
    memberships: [{ merchantId: bakery.merchant.id, roles: ['manage-campaigns'] }],
  });
  await createMerchantWithOwner(
    t.ctx.db,
    { name: 'Café Silberblick KG', brandName: 'Café Silberblick', level: 1 },
    { email: 'silver@example.com' },
  );
  const many: string[] = [];
  for (const merchant of MANY) many.push((await createMerchant(t.ctx.db, merchant)).id);
  const huber = many[4] ?? '';
  await createPerson(t.ctx.db, {
    email: 'multi@example.com',
    memberships: many.map((merchantId) =>
      merchantId === huber
        ? { merchantId, roles: ['manage-merchant', 'manage-campaigns', 'manage-accounts'] }
        : merchantId,
    ),
  });
  await createAgency(t.ctx.db, many.slice(0, 2), { email: 'agency@example.com' });
  await createAdmin(t.ctx.db, { email: 'admin@example.com' });
});
afterAll(async () => {
  await t.close();
});

async function initUser(email: string) {
  const token = await t.signIn(email, TEST_PASSWORD);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/init-user',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return { token, body: response.json() };
}

describe('POST /init-user', () => {
  it.each([
    ['admin@example.com', 'admin', 'autocomplete', 14],
    ['agency@example.com', 'agency', 'select', 2],
    ['owner@example.com', 'other', 'single', 1],
    ['silver@example.com', 'other', 'single', 1],
    ['staff@example.com', 'other', 'single', 1],
    ['multi@example.com', 'other', 'autocomplete', 12],
  ])('tells %s its level %s and search type %s', async (email, level, searchtype, total) => {
    const { body } = await initUser(email);
    expect(body.user).toMatchObject({ email, level, locale: 'de' });
    expect(body.user.token.iss).toBe('http://localhost:3000');
    expect(body.user.token.exp).toBeGreaterThan(Date.now() / 1000);
    expect(body.merchantinfo.searchtype).toBe(searchtype);
    expect(body.merchantinfo.total).toBe(total);
    expect(body.merchantinfo.merchants.length).toBe(Math.min(total, 10));
  });

  it('gives the owner all roles and the staff member only manage-campaigns on the same merchant', async () => {
    const owner = await initUser('owner@example.com');
    const staff = await initUser('staff@example.com');
    expect(owner.body.merchantinfo.merchants[0].brand_name).toBe('Bäckerei Sonnenschein');
    expect(owner.body.merchantinfo.merchants[0].roles).toEqual([
      'manage-merchant',
      'manage-campaigns',
      'manage-accounts',
      'contact',
    ]);
    expect(staff.body.merchantinfo.merchants[0].roles).toEqual(['manage-campaigns']);
  });

  it('marks an invalid merchant with its errors', async () => {
    const { token } = await initUser('multi@example.com');
    const page = await t.app.inject({ url: '/api/merchants?filter=Huber', headers: bearer(token) });
    const [huber] = page.json().rows;
    expect(huber).toMatchObject({
      brand_name: 'Getränke Huber',
      is_valid: true,
      errors: ['Kein Ansprechpartner definiert!'],
    });
  });
});

describe('GET /merchants/{id}/linked-with-account', () => {
  const linked = async (token: string, id: string) =>
    t.app.inject({ url: `/api/merchants/${id}/linked-with-account`, headers: bearer(token) });

  it('allows a member, refuses a merchant the user is not linked to', async () => {
    const { token } = await initUser('owner@example.com');
    const own = (await linked(token, await t.merchantId('Bäckerei Sonnenschein'))).json();
    expect(own.allowed).toBe(true);
    expect(own.merchant).toMatchObject({
      brand_name: 'Bäckerei Sonnenschein',
      level: 0,
      roles: ['manage-merchant', 'manage-campaigns', 'manage-accounts', 'contact'],
    });
    expect((await linked(token, await t.merchantId('Café Silberblick'))).json()).toEqual({
      allowed: false,
    });
    expect((await linked(token, '00000000-0000-4000-8000-000000000000')).json()).toEqual({
      allowed: false,
    });
  });

  it('allows an agency only its linked merchants and an admin every merchant', async () => {
    const agency = await initUser('agency@example.com');
    expect((await linked(agency.token, await t.merchantId('Modehaus Adler'))).json().allowed).toBe(
      true,
    );
    expect(
      (await linked(agency.token, await t.merchantId('Bäckerei Sonnenschein'))).json(),
    ).toEqual({
      allowed: false,
    });
    const admin = await initUser('admin@example.com');
    expect(
      (await linked(admin.token, await t.merchantId('Bäckerei Sonnenschein'))).json().allowed,
    ).toBe(true);
  });

  it('grants nothing through a pending invitation', async () => {
    const { token } = await initUser('silver@example.com');
    const [silver] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, 'silver@example.com'));
    const target = await t.merchantId('Optik Meyer');
    await t.ctx.db.insert(accounts).values({
      merchantId: target,
      userId: String(silver?.id),
      roles: ['manage-merchant'],
      pendingInvitation: true,
    });
    expect((await linked(token, target)).json()).toEqual({ allowed: false });
    const list = await t.app.inject({ url: '/api/merchants', headers: bearer(token) });
    expect(list.json().rows.map((m: { brand_name: string }) => m.brand_name)).toEqual([
      'Café Silberblick',
    ]);
  });

  it('answers a malformed id with invalid_value for the field', async () => {
    const { token } = await initUser('owner@example.com');
    const response = await linked(token, 'not-a-uuid');
    expect(response.statusCode).toBe(400);
    expectProblem(response, { status: 400, message: 'invalid_value', field: 'id' });
  });
});

describe('GET /merchants', () => {
  it('lists only the merchants the user may act for, by name, with a pager', async () => {
    const { token } = await initUser('multi@example.com');
    const first = await t.app.inject({ url: '/api/merchants', headers: bearer(token) });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.rows).toHaveLength(10);
    expect(body.pager).toEqual({
      links: [
        { rel: 'first', page: 1 },
        { rel: 'next', page: 2 },
        { rel: 'last', page: 2 },
      ],
      entries_per_page: 10,
      total_entries: 12,
    });
    const names = body.rows.map((m: { name: string }) => m.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names).not.toContain('Bäckerei Sonnenschein GmbH');
    const second = await t.app.inject({ url: '/api/merchants?page=2', headers: bearer(token) });
    expect(second.json().rows).toHaveLength(2);
    expect(second.json().pager.links).toEqual([
      { rel: 'first', page: 1 },
      { rel: 'prev', page: 1 },
      { rel: 'last', page: 2 },
    ]);
  });

  it('filters by name or brand, case-insensitively, treating wildcards literally', async () => {
    const { token } = await initUser('admin@example.com');
    const byBrand = await t.app.inject({
      url: '/api/merchants?filter=silberBLICK',
      headers: bearer(token),
    });
    expect(byBrand.json().rows.map((m: { brand_name: string }) => m.brand_name)).toEqual([
      'Café Silberblick',
    ]);
    const wildcard = await t.app.inject({
      url: '/api/merchants?filter=%25',
      headers: bearer(token),
    });
    expect(wildcard.json().pager.total_entries).toBe(0);
  });

  it('refuses a bad page number with invalid_value', async () => {
    const { token } = await initUser('owner@example.com');
    const response = await t.app.inject({ url: '/api/merchants?page=0', headers: bearer(token) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'invalid_value', field: 'page' });
  });

  it('refuses a caller without token', async () => {
    expect((await t.app.inject({ url: '/api/merchants' })).statusCode).toBe(401);
  });
});
