/**
 * Participation data coming in: API keys of the consumer app, ingest (per-event
 * errors, idempotency, exact counters under concurrent batches), values at the
 * edges of what is accepted, and the privacy of stored participants (retention).
 * On PostgreSQL too (TEST_DATABASE_URL), where batches overlap.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participants, participationEvents } from '../../../src/platform/db/schema.js';
import { foldPending } from '../../../src/modules/ingest/fold.js';
import { applyRetention } from '../../../src/modules/ingest/privacy.js';
import { participation, participationHelpers } from '../../fixtures/participation.js';
import { createAdmin, createMerchantWithOwner, createPerson } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../helpers.js';

let t: TestApp;
const ids = { sonnenschein: '', silberblick: '' };
let apiKey = '';

const { send, accepted, create, publish } = participationHelpers(
  () => t,
  () => apiKey,
);

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Europe/Berlin' });
  // A level-0 merchant with its owner and a staff member, and a level-1 (silver) merchant.
  const basic = await createMerchantWithOwner(t.ctx.db);
  const silver = await createMerchantWithOwner(t.ctx.db, { level: 1 });
  ids.sonnenschein = basic.merchant.id;
  ids.silberblick = silver.merchant.id;
  await t.signInAs({
    admin: await createAdmin(t.ctx.db, { email: 'admin@example.com' }),
    owner: basic.owner,
    silver: silver.owner,
    staff: await createPerson(t.ctx.db, {
      memberships: [{ merchantId: ids.sonnenschein, roles: ['manage-campaigns'] }],
    }),
  });
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
  // duplicate stores none: test/modules/ingest/ingest-receipts.test.ts, "a duplicate changes nothing".

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
