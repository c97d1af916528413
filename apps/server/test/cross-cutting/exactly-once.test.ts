/**
 * Two server instances on one database (two apps with their own connection
 * pools on PostgreSQL, as two processes have; one PGlite shared in one
 * process otherwise): a session ends on both at logout, and every background
 * job does its work once: due campaigns start once, the weekly mail goes out
 * once, each sweepstake is drawn once, old events are purged once (and the
 * tombstones' secret is made once), and each uploaded location is geocoded
 * once (a counting wrapper around the real offline geocoder), also when jobs
 * of one upload overlap and when a worker died holding a row; a running
 * upload gets its job at start once, however often it is asked.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLocationImportJob } from '@backoffice/domain';
import type { Database } from '../../src/platform/db/client.js';
import {
  campaigns,
  campaignStatusHistory,
  draws,
  erasedParticipants,
  eventReceipts,
  installationSecrets,
  locationImportJobs,
  locations,
  participationEvents,
  wins,
} from '../../src/platform/db/schema.js';
import type { Geocoder } from '../../src/platform/geocoding/geocoder.js';
import { runScheduledTransitions } from '../../src/modules/campaigns/lifecycle.js';
import { runDueDraws } from '../../src/modules/draws/service.js';
import { applyRetention } from '../../src/modules/ingest/privacy.js';
import {
  LOCATION_GEOCODING_QUEUE,
  processImportJob,
  resumeImportJobs,
} from '../../src/modules/locations/import-worker.js';
import { sendWeeklyStatistics } from '../../src/modules/notifications/service.js';
import { createAdmin, createMerchantWithOwner, TEST_PASSWORD } from '../factories/index.js';
import { multipartFile } from '../fixtures/multipart.js';
import { until } from '../fixtures/until.js';
import {
  bearer,
  createTestApp,
  mailsSince,
  openTestDatabase,
  outboxNames,
  type TestApp,
  type TestDatabase,
} from '../helpers.js';
import { campaignDeps, drawDeps, ingestDeps, notificationDeps } from '../../src/services.js';

let database: TestDatabase;
let env: Record<string, string> = {};
let secondPool: Database;
let a: TestApp;
let b: TestApp;
const ids = { sonnenschein: '', silberblick: '' };
const HOUR = 3600_000;

beforeAll(async () => {
  database = await openTestDatabase();
  secondPool = await database.connectAgain();
  env = {
    // One signing key, as every process of a deployment has (JWT_PRIVATE_KEY).
    JWT_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
  };
  a = await createTestApp(env, { database });
  b = await createTestApp(env, { database: secondPool });
  const basic = await createMerchantWithOwner(database.db, {}, { email: 'owner@example.com' });
  const silver = await createMerchantWithOwner(database.db, { level: 1 });
  await a.signInAs({
    admin: await createAdmin(database.db),
    owner: basic.owner,
    silver: silver.owner,
  });
  b.tokens.owner = String(a.tokens.owner);
  ids.sonnenschein = basic.merchant.id;
  ids.silberblick = silver.merchant.id;
});
afterAll(async () => {
  await a.close();
  await b.close();
  await secondPool.close();
  await database.close();
});

/** Mails both instances wrote while `action` ran. */
async function mailsOfBoth(action: () => Promise<unknown>): Promise<string[]> {
  const before = [await outboxNames(a), await outboxNames(b)] as const;
  await action();
  return [...(await mailsSince(a, before[0])), ...(await mailsSince(b, before[1]))];
}

async function createCampaign(merchant: string, type: string): Promise<string> {
  const response = await a.api('POST', '/campaigns', 'admin', { merchant, type });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().campaign.uuid;
}

describe('sessions', () => {
  it('signed in on one instance, used on the other, ended on both by a logout on either', async () => {
    const token = await a.signIn('owner@example.com', TEST_PASSWORD);
    const onB = () =>
      b.app.inject({ method: 'GET', url: '/api/merchants', headers: bearer(token) });
    const onA = () =>
      a.app.inject({ method: 'GET', url: '/api/merchants', headers: bearer(token) });
    expect((await onB()).statusCode).toBe(200);
    expect((await onA()).statusCode).toBe(200);
    const logout = await b.app.inject({
      method: 'POST',
      url: '/api/session/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await onA()).statusCode).toBe(401);
    expect((await onB()).statusCode).toBe(401);
  });
});

describe('erasures on two instances', () => {
  it('make the tombstones’ secret once, and either instance refuses whom the other erased', async () => {
    const created = await a.api('POST', '/admin/api-keys', 'admin', { name: 'Löschen' });
    const key = String(created.json().secret);
    const campaign = await createCampaign(ids.silberblick, 'coupon/percent');
    await a.ctx.db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, campaign));
    const participation = (participant: string) => ({
      id: randomUUID(),
      type: 'participation',
      campaign,
      participant,
      occurred_at: new Date().toISOString(),
    });
    const sendOn = (t: TestApp, events: object[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ingest/events',
        headers: { 'x-api-key': key },
        payload: { events },
      });
    // The first uses of the secret, all at once on both instances: erasures and batches.
    const answers = await Promise.all([
      a.api('DELETE', '/admin/participants/zwei-1', 'admin'),
      b.app.inject({
        method: 'DELETE',
        url: '/api/admin/participants/zwei-2',
        headers: bearer(String(a.tokens.admin)),
      }),
      sendOn(a, [participation('zwei-3')]),
      sendOn(b, [participation('zwei-4')]),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const secrets = await a.ctx.db
      .select()
      .from(installationSecrets)
      .where(eq(installationSecrets.name, 'erasure'));
    expect(secrets).toHaveLength(1);
    expect(await a.ctx.db.select().from(erasedParticipants)).toHaveLength(2);
    for (const [on, erased] of [
      [a, 'zwei-2'],
      [b, 'zwei-1'],
    ] as const) {
      const refused = (await sendOn(on, [participation(erased)])).json();
      expect(refused).toMatchObject({
        accepted: 0,
        rejected: [{ message: 'participant_erased', field: 'participant' }],
      });
    }
  });
});

describe('background jobs on two instances', () => {
  it('starts each due campaign once and mails each start once', async () => {
    const due = await Promise.all(
      Array.from({ length: 6 }, () => createCampaign(ids.sonnenschein, 'coupon/percent')),
    );
    await a.ctx.db
      .update(campaigns)
      .set({
        status: 'approved',
        validFrom: new Date(Date.now() - HOUR),
        validUntil: new Date(Date.now() + 24 * HOUR),
      })
      .where(inArray(campaigns.id, due));
    const mails = await mailsOfBoth(() =>
      Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          runScheduledTransitions(campaignDeps((i % 2 ? a : b).ctx)),
        ),
      ),
    );
    const started = await a.ctx.db
      .select({ campaign: campaignStatusHistory.campaignId })
      .from(campaignStatusHistory)
      .where(
        and(
          inArray(campaignStatusHistory.campaignId, due),
          eq(campaignStatusHistory.toStatus, 'active'),
        ),
      );
    expect(started.map((row) => row.campaign).sort()).toEqual([...due].sort());
    const rows = await a.ctx.db.select().from(campaigns).where(inArray(campaigns.id, due));
    expect(rows.every((row) => row.status === 'active')).toBe(true);
    // The owner wants the start mails of the merchant's campaigns: one per campaign.
    expect(mails.filter((mail) => /^To: owner@example\.com$/m.test(mail))).toHaveLength(due.length);
  });

  it('sends the weekly mail once per account however many instances check at once', async () => {
    const recipientsOf = (mails: string[]) =>
      mails.map((mail) => /^To: (.*)$/m.exec(mail)?.[1] ?? '').sort();
    let sent: number[] = [];
    const first = await mailsOfBoth(async () => {
      sent = await Promise.all(
        [a, b, a, b].map((t) => sendWeeklyStatistics(notificationDeps(t.ctx))),
      );
      await Promise.all([a, b].map((t) => t.ctx.jobs.drain(['mail'])));
    });
    // One instance claimed the week and enqueued every account's mail; the others none.
    expect(sent.filter((n) => n > 0)).toHaveLength(1);
    expect(first).toHaveLength(Math.max(...sent));
    expect(recipientsOf(first)).toContain('owner@example.com');
    // A week later the same mails once more, from whichever instance claims that week.
    const nextWeek = new Date(Date.now() + 7 * 24 * HOUR);
    const second = await mailsOfBoth(async () => {
      sent = await Promise.all(
        [b, a, b, a].map((t) => sendWeeklyStatistics(notificationDeps(t.ctx), nextWeek)),
      );
      await Promise.all([a, b].map((t) => t.ctx.jobs.drain(['mail'])));
    });
    expect(sent.filter((n) => n > 0)).toHaveLength(1);
    expect(recipientsOf(second)).toEqual(recipientsOf(first));
  });

  it('draws each ended sweepstake once', async () => {
    const created = await a.api('POST', '/admin/api-keys', 'admin', { name: 'Zwei Prozesse' });
    const key = String(created.json().secret);
    const sweepstakes = await Promise.all(
      Array.from({ length: 4 }, () => createCampaign(ids.silberblick, 'sweepstake/standard')),
    );
    for (const campaign of sweepstakes) {
      await a.api('POST', `/campaigns/${campaign}`, 'admin', {
        prizes: [{ count: 2, value: 1000, name: 'Torte', redemption: 'store_pickup' }],
      });
      // Published: only then does the consumer app send its participations.
      await a.ctx.db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, campaign));
      const events = ['p1', 'p2', 'p3', 'p4', 'p5'].map((participant) => ({
        id: randomUUID(),
        type: 'participation',
        campaign,
        participant,
        // In the runtime set below.
        occurred_at: new Date(Date.now() - 2.5 * HOUR).toISOString(),
      }));
      const ingested = await b.app.inject({
        method: 'POST',
        url: '/api/ingest/events',
        headers: { 'x-api-key': key },
        payload: { events },
      });
      expect(ingested.json().accepted).toBe(5);
    }
    // Ended longer ago than the draw's delay (DRAW_DELAY_MINUTES, 60).
    await a.ctx.db
      .update(campaigns)
      .set({
        status: 'ended',
        validFrom: new Date(Date.now() - 3 * HOUR),
        validUntil: new Date(Date.now() - 2 * HOUR),
      })
      .where(inArray(campaigns.id, sweepstakes));
    const drawn = await Promise.all([a, b, a, b].map((t) => runDueDraws(drawDeps(t.ctx))));
    expect(drawn.reduce((sum, n) => sum + n, 0)).toBe(sweepstakes.length);
    const stored = await a.ctx.db
      .select()
      .from(draws)
      .where(inArray(draws.campaignId, sweepstakes));
    expect(stored.map((draw) => draw.campaignId).sort()).toEqual([...sweepstakes].sort());
    const [won] = await a.ctx.db
      .select({ total: count() })
      .from(wins)
      .where(inArray(wins.campaignId, sweepstakes));
    expect(won?.total).toBe(2 * sweepstakes.length);
  });

  it('purges old events once', async () => {
    const campaign = await createCampaign(ids.silberblick, 'coupon/percent');
    const old = new Date(Date.now() - 800 * 24 * HOUR);
    const events = Array.from({ length: 30 }, (_, i) => ({
      id: randomUUID(),
      type: 'participation' as const,
      campaignId: campaign,
      merchantId: ids.silberblick,
      participantId: `old-${i}`,
      occurredAt: old,
    }));
    await a.ctx.db.insert(participationEvents).values(events);
    await a.ctx.db
      .insert(eventReceipts)
      .values(events.map(({ id, occurredAt }) => ({ id, expiresAt: occurredAt })));
    const runs = await Promise.all([a, b, a, b].map((t) => applyRetention(ingestDeps(t.ctx))));
    const purged = runs.map((run) => run.events);
    expect(purged.reduce((sum, n) => sum + n, 0)).toBe(30);
    expect(purged.filter((n) => n > 0)).toHaveLength(1);
    expect(runs.reduce((sum, run) => sum + run.receipts, 0)).toBe(30);
    // Each of the 30 people had this one event: each is forgotten once.
    expect(runs.reduce((sum, run) => sum + run.participants, 0)).toBe(30);
  });
});

describe('location imports on two instances', () => {
  /** The real offline geocoder, counting its calls by address, a few milliseconds slower. */
  function counting(geocoder: Geocoder, calls: Map<string, number>): Geocoder {
    return {
      name: geocoder.name,
      async geocode(query) {
        const key = `${query.street} ${query.streetnumber}`;
        calls.set(key, (calls.get(key) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return geocoder.geocode(query);
      },
    };
  }
  const total = (calls: Map<string, number>) => [...calls.values()].reduce((s, n) => s + n, 0);
  const csv = (rows: number, street: string) =>
    [
      'name,street,streetnumber,zip,city,country',
      ...Array.from({ length: rows }, (_, i) => `Filiale ${i},${street},${i + 1},80331,München,DE`),
    ].join('\n');

  async function upload(on: TestApp, merchant: string, who: string, body: string) {
    const file = multipartFile('upload', 'filialen.csv', body, 'text/csv');
    const response = await on.api(
      'POST',
      `/merchants/${merchant}/multiple-locations`,
      who,
      file.payload,
      file.headers,
    );
    expect(response.statusCode, response.body).toBe(200);
    return String(response.json().job.id);
  }
  async function job(merchant: string, who: string, id: string): Promise<TLocationImportJob> {
    return (await a.api('GET', `/merchants/${merchant}/location-imports/${id}`, who)).json();
  }

  it('geocodes each row once while jobs of one upload run on both instances at once', async () => {
    const offline = a.ctx.geocoder;
    const [callsA, callsB] = [new Map<string, number>(), new Map<string, number>()];
    a.ctx.geocoder = counting(offline, callsA);
    b.ctx.geocoder = counting(offline, callsB);
    const rows = 40;
    const id = await upload(a, ids.sonnenschein, 'owner', csv(rows, 'Kaufingerstraße'));
    // Beside the upload's own job (on either instance's worker), a job of
    // the upload runs on each instance: as a continuation and a retry of an
    // expired job of it may overlap.
    await Promise.all([processImportJob(a.ctx, id), processImportJob(b.ctx, id)]);
    await until(async () => (await job(ids.sonnenschein, 'owner', id)).status === 'done');
    expect(await job(ids.sonnenschein, 'owner', id)).toMatchObject({
      total: rows,
      processed: rows,
      found: rows,
    });
    const both = new Map([...callsA]);
    for (const [key, n] of callsB) both.set(key, (both.get(key) ?? 0) + n);
    expect(both.size).toBe(rows);
    expect([...both.values()].every((n) => n === 1)).toBe(true);
    // Both really worked on it.
    expect(total(callsA)).toBeGreaterThan(0);
    expect(total(callsB)).toBeGreaterThan(0);
    a.ctx.geocoder = offline;
    b.ctx.geocoder = offline;
  });

  it('takes over the row of a worker that died holding it, once its lease has run out', async () => {
    const offline = a.ctx.geocoder;
    const calls = new Map<string, number>();
    // The upload's job waits at its first row until the dead worker's claim is in place.
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const gated = (geocoder: Geocoder): Geocoder => ({
      name: geocoder.name,
      geocode: async (query) => {
        await gate;
        return geocoder.geocode(query);
      },
    });
    a.ctx.geocoder = gated(counting(offline, calls));
    b.ctx.geocoder = gated(counting(offline, calls));
    const rows = 5;
    const id = await upload(a, ids.silberblick, 'silver', csv(rows, 'Leopoldstraße'));
    // The last row is held by a worker of a process that died: its claim
    // stays until its lease runs out, two seconds from now.
    const held = await a.ctx.db
      .update(locations)
      .set({ geocodeClaimedUntil: sql`now() + interval '2 seconds'` })
      .where(
        and(
          eq(locations.importJobId, id),
          eq(locations.streetnumber, String(rows)),
          eq(locations.geocodeStatus, 'pending'),
        ),
      )
      .returning({ until: locations.geocodeClaimedUntil });
    expect(held).toHaveLength(1);
    open();
    // The upload's job (on either instance) geocodes the other rows ...
    await until(async () => total(calls) === rows - 1, 20_000, 50);
    // ... and the held row keeps the upload running until its lease has run out.
    expect((await job(ids.silberblick, 'silver', id)).status).toBe('running');
    // Then the upload's next job, due with the lease's end, takes the row over.
    await until(
      async () => (await job(ids.silberblick, 'silver', id)).status === 'done',
      20_000,
      100,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(held[0]?.until ?? 0).getTime());
    expect(await job(ids.silberblick, 'silver', id)).toMatchObject({
      processed: rows,
      found: rows,
    });
    expect(calls.size).toBe(rows);
    expect([...calls.values()].every((n) => n === 1)).toBe(true);
    a.ctx.geocoder = offline;
    b.ctx.geocoder = offline;
  });

  it('gives every running upload its job at start, once however often it is asked', async () => {
    // An upload from before the job queue: rows pending, no job on the queue.
    const [created] = await a.ctx.db
      .insert(locationImportJobs)
      .values({ merchantId: ids.sonnenschein, total: 3 })
      .returning();
    const id = String(created?.id);
    await a.ctx.db.insert(locations).values(
      [1, 2, 3].map((n) => ({
        merchantId: ids.sonnenschein,
        name: `Altbestand ${n}`,
        street: 'Sendlinger Straße',
        streetnumber: String(n),
        zip: '80331',
        city: 'München',
        country: 'DE' as const,
        importJobId: id,
      })),
    );
    // Both instances start (again and again): the upload gets one job.
    const queued = () =>
      a.ctx.jobs
        .counts(a.ctx.db)
        .then((queues) => queues.find((queue) => queue.name === LOCATION_GEOCODING_QUEUE));
    const before = await queued();
    await Promise.all([resumeImportJobs(a.ctx), resumeImportJobs(b.ctx)]);
    await resumeImportJobs(a.ctx);
    const after = await queued();
    const jobs = (q: typeof after) => (q?.waiting ?? 0) + (q?.running ?? 0);
    // One waiting and one running at most (the first may have started already).
    expect(jobs(after) - jobs(before)).toBeGreaterThanOrEqual(1);
    expect(jobs(after) - jobs(before)).toBeLessThanOrEqual(2);
    await until(async () => (await job(ids.sonnenschein, 'owner', id)).status === 'done');
    expect(await job(ids.sonnenschein, 'owner', id)).toMatchObject({ processed: 3, found: 3 });

    // An upload whose row a worker holds is left to that worker's job (a job
    // of its own could not start beside it and would hold up the queue), and
    // looked at again after the job's expiry: one resume job waits for that.
    const [held] = await a.ctx.db
      .insert(locationImportJobs)
      .values({ merchantId: ids.silberblick, total: 1 })
      .returning();
    await a.ctx.db.insert(locations).values({
      merchantId: ids.silberblick,
      name: 'In Arbeit',
      street: 'Marienplatz',
      streetnumber: '1',
      zip: '80331',
      city: 'München',
      country: 'DE' as const,
      importJobId: String(held?.id),
      geocodeClaimedUntil: sql`now() + interval '1 minute'`,
    });
    const resumes = async () =>
      (await a.ctx.jobs.counts(a.ctx.db)).find(
        (queue) => queue.name === 'location-geocoding-resume',
      )?.waiting ?? 0;
    const geocodingBefore = jobs(await queued());
    expect(await resumeImportJobs(a.ctx)).toBe(0);
    expect(await resumeImportJobs(b.ctx)).toBe(0);
    expect(jobs(await queued())).toBe(geocodingBefore);
    expect(await resumes()).toBe(1);
    await a.ctx.db
      .update(locationImportJobs)
      .set({ status: 'done' })
      .where(eq(locationImportJobs.id, String(held?.id)));
  });
});
