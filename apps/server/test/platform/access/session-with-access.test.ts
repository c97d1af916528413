/**
 * Merchant-scoped routes (the campaign list of one merchant, the dashboard,
 * the chart) read the session and the caller's access to the merchant in one
 * statement, and a campaign's open and save the session and the access to
 * the campaign (docs/decisions/049-cpu-per-call.md). The answers stay those of
 * the access resolver: 404 for a merchant the caller may not act for or that
 * does not exist, 403 without the role, 401 once the session has ended, and
 * a change of roles holds at the very next call.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, campaigns } from '../../../src/platform/db/schema.js';
import {
  createAgency,
  createCampaign,
  createMerchantWithOwner,
  createPerson,
} from '../../factories/index.js';
import { multipartFile } from '../../fixtures/multipart.js';
import { createTestApp, type TestApp } from '../../helpers.js';

let t: TestApp;
const ids = { own: '', other: '', staffUser: '', campaign: '', tip: '', foreign: '' };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.db;
  const own = await createMerchantWithOwner(db);
  const other = await createMerchantWithOwner(db);
  ids.own = own.merchant.id;
  ids.other = other.merchant.id;
  const staff = await createPerson(db, {
    memberships: [{ merchantId: own.merchant.id, roles: ['manage-campaigns'] }],
  });
  ids.staffUser = staff.id;
  ids.campaign = (await createCampaign(db, { merchantId: own.merchant.id })).id;
  ids.tip = (await createCampaign(db, { merchantId: own.merchant.id, type: 'tip/offer' })).id;
  ids.foreign = (await createCampaign(db, { merchantId: other.merchant.id })).id;
  await t.signInAs({
    owner: own.owner,
    agency: await createAgency(db, [own.merchant.id]),
    staff,
    reader: await createPerson(db, {
      memberships: [{ merchantId: own.merchant.id, roles: ['manage-accounts'] }],
    }),
    leaving: await createPerson(db, { memberships: [own.merchant.id] }),
    signingOut: await createPerson(db, { memberships: [own.merchant.id] }),
    uploadingOut: await createPerson(db, { memberships: [own.merchant.id] }),
  });
});
afterAll(async () => {
  await t.close();
});

const routes = (merchant: string) => [
  `/merchants/${merchant}/dashboard`,
  `/merchants/${merchant}/stats?timerange=month&count=3&start=2026-01-01`,
  `/campaigns?exact_merchant=${merchant}`,
];

describe('the session check with the access to the route’s merchant', () => {
  it('answers a member with the role, also when the id is written in capitals', async () => {
    for (const url of [...routes(ids.own), ...routes(ids.own.toUpperCase())]) {
      expect((await t.api('GET', url, 'staff')).statusCode, url).toBe(200);
    }
  });

  it('answers 404 for another merchant and for one that does not exist, 403 without the role', async () => {
    for (const url of [...routes(ids.other), ...routes(randomUUID())]) {
      expect((await t.api('GET', url, 'owner')).statusCode, url).toBe(404);
    }
    for (const url of routes(ids.own)) {
      expect((await t.api('GET', url, 'reader')).statusCode, url).toBe(403);
    }
  });

  it('refuses a malformed merchant id as before: invalid_value for the field', async () => {
    const answer = await t.api('GET', '/merchants/not-an-id/dashboard', 'owner');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ message: 'invalid_value' });
  });

  it('takes a removed role into account at the very next call', async () => {
    const [url] = routes(ids.own);
    expect((await t.api('GET', String(url), 'staff')).statusCode).toBe(200);
    await t.ctx.db
      .update(accounts)
      .set({ roles: [] })
      .where(and(eq(accounts.userId, ids.staffUser), eq(accounts.merchantId, ids.own)));
    expect((await t.api('GET', String(url), 'staff')).statusCode).toBe(403);
    await t.ctx.db
      .delete(accounts)
      .where(and(eq(accounts.userId, ids.staffUser), eq(accounts.merchantId, ids.own)));
    expect((await t.api('GET', String(url), 'staff')).statusCode).toBe(404);
  });

  it('answers 401 once the session has ended', async () => {
    expect((await t.api('GET', String(routes(ids.own)[0]), 'leaving')).statusCode).toBe(200);
    expect((await t.api('POST', '/session/logout', 'leaving')).statusCode).toBeLessThan(300);
    for (const url of routes(ids.own)) {
      expect((await t.api('GET', url, 'leaving')).statusCode, url).toBe(401);
    }
  });
});

describe('the session check with the access to the route’s campaign', () => {
  const open = (id: string, who: string) => t.api('GET', `/campaigns/${id}`, who);
  const save = (id: string, who: string, title: string) =>
    t.api('POST', `/campaigns/${id}?validate=content`, who, { title: { de: title } });

  it('opens and saves a campaign of the caller’s merchant, also when the id is written in capitals', async () => {
    for (const id of [ids.campaign, ids.campaign.toUpperCase()]) {
      expect((await open(id, 'owner')).json()).toMatchObject({ campaign: { uuid: ids.campaign } });
      const saved = await save(id, 'owner', `Gespeichert ${id}`);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ campaign: { title: { de: `Gespeichert ${id}` } } });
    }
  });

  it('answers 404 for another merchant’s campaign and one that does not exist, and saves nothing', async () => {
    for (const id of [ids.foreign, randomUUID()]) {
      expect((await open(id, 'owner')).statusCode, id).toBe(404);
      expect((await save(id, 'owner', 'Fremd')).statusCode, id).toBe(404);
    }
    const other = await t.api('GET', `/campaigns?exact_merchant=${ids.other}`, 'owner');
    expect(other.statusCode).toBe(404);
  });

  it('answers 403 without the role, and for a tip to a caller who may not use tips', async () => {
    expect((await open(ids.campaign, 'reader')).statusCode).toBe(403);
    expect((await save(ids.campaign, 'reader', 'Ohne Rolle')).statusCode).toBe(403);
    expect((await open(ids.tip, 'owner')).statusCode).toBe(403);
    expect((await save(ids.tip, 'owner', 'Kein Tipp')).statusCode).toBe(403);
    expect((await open(ids.tip, 'agency')).statusCode).toBe(200);
  });

  it('answers 401 once the session has ended', async () => {
    expect((await open(ids.campaign, 'signingOut')).statusCode).toBe(200);
    expect((await t.api('POST', '/session/logout', 'signingOut')).statusCode).toBeLessThan(300);
    expect((await open(ids.campaign, 'signingOut')).statusCode).toBe(401);
    expect((await save(ids.campaign, 'signingOut', 'Abgemeldet')).statusCode).toBe(401);
  });

  it('refuses a malformed campaign id as before: invalid_value for the field', async () => {
    const answer = await open('not-an-id', 'owner');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ message: 'invalid_value' });
  });
});

describe('the image upload reads the access to its campaign with the session', () => {
  const upload = async (id: string, who: string) => {
    const jpeg = await sharp({
      create: { width: 700, height: 500, channels: 3, background: '#3a7' },
    })
      .jpeg()
      .toBuffer();
    const { payload, headers } = multipartFile('upload', 'bild.jpg', jpeg, 'image/jpeg');
    return t.api('POST', `/campaigns/${id}/image`, who, payload, headers);
  };
  const imageOf = async (id: string) =>
    (await t.ctx.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]?.imagePath ?? null;

  it('stores the image of a campaign of the caller’s merchant, also when the id is written in capitals', async () => {
    for (const id of [ids.campaign, ids.campaign.toUpperCase()]) {
      const answer = await upload(id, 'owner');
      expect(answer.statusCode, `${id} ${answer.body}`).toBe(200);
      expect(answer.json()).toMatchObject({ campaign: { uuid: ids.campaign } });
    }
    expect(await imageOf(ids.campaign)).toMatch(/^campaigns\//);
  });

  it('answers 404 for another merchant’s campaign and one that does not exist, 403 without the role or for a tip, and stores nothing', async () => {
    for (const id of [ids.foreign, randomUUID()]) {
      expect((await upload(id, 'owner')).statusCode, id).toBe(404);
    }
    expect((await upload(ids.campaign, 'reader')).statusCode).toBe(403);
    expect((await upload(ids.tip, 'owner')).statusCode).toBe(403);
    expect(await imageOf(ids.foreign)).toBeNull();
    expect(await imageOf(ids.tip)).toBeNull();
  });

  it('answers 401 once the session has ended', async () => {
    expect((await upload(ids.campaign, 'uploadingOut')).statusCode).toBe(200);
    expect((await t.api('POST', '/session/logout', 'uploadingOut')).statusCode).toBeLessThan(300);
    expect((await upload(ids.campaign, 'uploadingOut')).statusCode).toBe(401);
  });
});
