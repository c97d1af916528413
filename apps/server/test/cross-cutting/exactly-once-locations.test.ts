/**
 * Location imports on two server instances on one database: each uploaded
 * location is geocoded once (a counting wrapper around the real offline
 * geocoder), also when jobs of one upload overlap and when a worker died
 * holding a row; a running upload gets its job at start once, however often
 * it is asked.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TLocationImportJob } from '@backoffice/domain';
import { locationImportJobs, locations } from '../../src/platform/db/schema.js';
import type { Geocoder } from '../../src/platform/geocoding/geocoder.js';
import {
  LOCATION_GEOCODING_QUEUE,
  processImportJob,
  resumeImportJobs,
} from '../../src/modules/locations/import-worker.js';
import { multipartFile } from '../fixtures/multipart.js';
import { until } from '../fixtures/until.js';
import type { TestApp } from '../helpers.js';
import { a, b, ids, useTwoInstances } from './two-instances-fixture.js';

useTwoInstances();

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
