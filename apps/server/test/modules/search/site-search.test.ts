/**
 * Site search (GET /api/ac/site-search): the campaigns of the merchants the
 * caller may manage campaigns for, newest change first, then the merchants
 * the caller may act for, by name, at most ten hits, found by a text or an
 * id; never another merchant's, never a deleted campaign, tips only for
 * those who may use tips. Campaign and merchant hits are read in one
 * statement with the session check before it (docs/decisions/049-cpu-per-call.md).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSiteSearchHit } from '@backoffice/domain';
import { campaigns } from '../../../src/platform/db/schema.js';
import {
  createAdmin,
  createAgency,
  createCampaign,
  createMerchantWithOwner,
  createPerson,
} from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../helpers.js';

let t: TestApp;
const ids = { own: '', other: '', tip: '', deleted: '', foreign: '', undated: '' };
/** The own merchant's coupons titled "Brezel …", newest change first. */
const newestFirst: string[] = [];
const validFrom = new Date('2026-03-01T08:15:30.123Z');
const validUntil = new Date('2026-04-30T21:59:59.999Z');

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.db;
  const own = await createMerchantWithOwner(db, { name: 'Brezelbäckerei Sonne GmbH' });
  const other = await createMerchantWithOwner(db, { name: 'Brezelhof Mond GmbH' });
  ids.own = own.merchant.id;
  ids.other = other.merchant.id;
  const modified = async (id: string, minutesAgo: number) => {
    await db
      .update(campaigns)
      .set({ modifiedAt: new Date(Date.now() - minutesAgo * 60_000) })
      .where(eq(campaigns.id, id));
    return id;
  };
  // Twelve coupons, more than a search shows; the last one created is the newest.
  for (let n = 1; n <= 12; n += 1) {
    const { id } = await createCampaign(db, {
      merchantId: ids.own,
      title: `Brezel ${n}`,
      validFrom,
      validUntil,
    });
    newestFirst.unshift(await modified(id, 100 - n));
  }
  ids.undated = await modified(
    (
      await createCampaign(db, {
        merchantId: ids.own,
        title: 'Laugenstange ohne Laufzeit',
        validFrom: null,
        validUntil: null,
        complete: false,
      })
    ).id,
    200,
  );
  ids.tip = await modified(
    (await createCampaign(db, { merchantId: ids.own, type: 'tip/offer', title: 'Brezel-Tipp' })).id,
    1,
  );
  ids.deleted = await modified(
    (await createCampaign(db, { merchantId: ids.own, status: 'deleted', title: 'Brezel alt' })).id,
    1,
  );
  ids.foreign = await modified(
    (await createCampaign(db, { merchantId: ids.other, title: 'Brezel vom Hof' })).id,
    1,
  );
  await t.signInAs({
    owner: own.owner,
    otherOwner: other.owner,
    agency: await createAgency(db, [ids.own]),
    admin: await createAdmin(db),
    contact: await createPerson(db, {
      memberships: [{ merchantId: ids.own, roles: ['contact'] }],
    }),
  });
});
afterAll(async () => {
  await t.close();
});

async function search(q: string, who: string): Promise<TSiteSearchHit[]> {
  const answer = await t.api('GET', `/ac/site-search?q=${encodeURIComponent(q)}`, who);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { hits: TSiteSearchHit[] }).hits;
}
const identsOf = (hits: TSiteSearchHit[]) => hits.map((hit) => hit.ident);

describe('site search', () => {
  it('finds the caller’s campaigns newest change first, at most ten, before merchants', async () => {
    const hits = await search('brezel', 'owner');
    expect(identsOf(hits)).toEqual(newestFirst.slice(0, 10));
    expect(hits[0]).toEqual({
      type: 'coupon/percent',
      label: 'Brezel 12',
      ident: newestFirst[0],
      merchantIdent: ids.own,
      by_uuid: false,
      more: {
        phase: 'ended',
        merchant: 'Brezelbäckerei Sonne GmbH',
        valid_from: validFrom.toISOString(),
        valid_until: validUntil.toISOString(),
        current_status: 'created',
        brand_name: 'Brezelbäckerei Sonne',
      },
    });
  });

  it('fills up with merchants by name after fewer campaigns, and answers a campaign without runtime', async () => {
    const hits = await search('Laugenstange', 'owner');
    expect(hits).toEqual([
      expect.objectContaining({
        ident: ids.undated,
        more: expect.objectContaining({ phase: 'invalid', valid_from: null, valid_until: null }),
      }),
    ]);
    expect(await search('sonne', 'owner')).toEqual([
      {
        type: 'merchant',
        label: 'Brezelbäckerei Sonne GmbH',
        ident: ids.own,
        merchantIdent: ids.own,
        by_uuid: false,
        more: {
          phase: null,
          merchant: 'Brezelbäckerei Sonne GmbH',
          valid_from: null,
          valid_until: null,
          current_status: null,
          brand_name: 'Brezelbäckerei Sonne',
        },
      },
    ]);
  });

  it('never finds another merchant’s campaigns or the merchant itself, by text or by id', async () => {
    expect(identsOf(await search('Brezel vom Hof', 'owner'))).toEqual([]);
    expect(await search(ids.foreign, 'owner')).toEqual([]);
    expect(await search(ids.other, 'owner')).toEqual([]);
    expect(identsOf(await search('mond', 'owner'))).toEqual([]);
    // The other merchant's owner finds their own, and none of the first merchant's.
    expect(identsOf(await search('brezel', 'otherOwner'))).toEqual([ids.foreign, ids.other]);
  });

  it('finds a campaign and a merchant by id, also written in capitals', async () => {
    const [newest] = newestFirst;
    expect(await search(String(newest).toUpperCase(), 'owner')).toEqual([
      expect.objectContaining({ ident: newest, by_uuid: true }),
    ]);
    expect(await search(ids.own.toUpperCase(), 'owner')).toEqual([
      expect.objectContaining({ type: 'merchant', ident: ids.own, by_uuid: true }),
    ]);
  });

  it('leaves out deleted campaigns, and tips for those who may not use them', async () => {
    expect(identsOf(await search('Brezel alt', 'admin'))).toEqual([]);
    expect(identsOf(await search('Brezel-Tipp', 'owner'))).toEqual([]);
    expect(identsOf(await search('Brezel-Tipp', 'agency'))).toEqual([ids.tip]);
    expect(identsOf(await search('brezel', 'agency'))).toEqual([
      ids.tip,
      ...newestFirst.slice(0, 9),
    ]);
  });

  it('finds merchants but not campaigns for a member without manage-campaigns; every merchant for an admin', async () => {
    expect(identsOf(await search('brezel', 'contact'))).toEqual([ids.own]);
    expect(identsOf(await search('brezel vom hof', 'admin'))).toEqual([ids.foreign]);
    expect(identsOf(await search('mond', 'admin'))).toEqual([ids.other]);
  });

  it('reads the hits in one statement after the session check', async () => {
    await search('brezel', 'owner');
    const client = (
      t.ctx.db as unknown as {
        session: { client: { query: (...args: unknown[]) => unknown } };
      }
    ).session.client;
    const query = client.query;
    const statements: string[] = [];
    client.query = function recorded(this: unknown, ...args: unknown[]) {
      const [first] = args;
      statements.push(
        typeof first === 'string' ? first : String((first as { text?: string }).text),
      );
      return query.apply(this, args);
    };
    try {
      await search('brezel', 'owner');
    } finally {
      client.query = query;
    }
    // The job queue (schema pgboss) shares the embedded database's client.
    expect(statements.filter((text) => !text.includes('pgboss'))).toHaveLength(2);
  });
});
