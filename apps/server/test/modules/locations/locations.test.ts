/**
 * Locations API (docs/product.md#locations, docs/product.md#validation, docs/product.md#api-calls, docs/product.md#limits): adding, reading, editing and
 * deleting with geocoding and the 'Trotzdem verwenden' confirmation, crossing
 * saves, permissions, and the Nominatim provider against a local fake
 * speaking its JSON format.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLocation, TLocationImportJob, TLocationListResponse } from '@backoffice/domain';
import { locations } from '../../../src/platform/db/schema.js';
import {
  createAdmin,
  createMerchant,
  createMerchantWithOwner,
  createPerson,
} from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../helpers.js';
import { waitForJob } from '../../fixtures/location-imports.js';
import { multipartFile } from '../../fixtures/multipart.js';
import { until } from '../../fixtures/until.js';
import { expectProblem } from '../../fixtures/problem.js';

const fixture = (name: string) =>
  readFile(path.join(import.meta.dirname, '../..', 'fixtures', name));

const address = (overrides: object = {}) => ({
  name: 'Filiale Innenstadt',
  type: 'store',
  street: 'Kaufingerstraße',
  streetnumber: '5',
  zip: '80331',
  city: 'München',
  country: 'DE',
  opening_hours: 'Mo-Sa 9-20 Uhr',
  is_redemption: true,
  ...overrides,
});

describe('locations with the offline geocoder', () => {
  let t: TestApp;
  let sonnenschein = '';
  let silberblick = '';

  const upload = (
    who: string,
    merchant: string,
    file: { payload: Buffer; headers: Record<string, string> },
  ) => t.api('POST', `/merchants/${merchant}/multiple-locations`, who, file.payload, file.headers);
  const locationCount = async (merchant: string) => {
    const [row] = await t.ctx.db
      .select({ total: count() })
      .from(locations)
      .where(eq(locations.merchantId, merchant));
    return row?.total ?? 0;
  };
  beforeAll(async () => {
    t = await createTestApp();
    sonnenschein = (await createMerchant(t.ctx.db)).id;
    silberblick = (await createMerchant(t.ctx.db, { level: 1 })).id;
    await t.signInAs({
      admin: await createAdmin(t.ctx.db),
      owner: await createPerson(t.ctx.db, { memberships: [sonnenschein] }),
      silver: await createPerson(t.ctx.db, { memberships: [silberblick] }),
      staff: await createPerson(t.ctx.db, {
        memberships: [{ merchantId: sonnenschein, roles: ['manage-campaigns'] }],
      }),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds a location and geocodes it (city level offline)', async () => {
    const response = await t.api(
      'POST',
      `/merchants/${sonnenschein}/locations`,
      'owner',
      address(),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { location } = response.json<{ location: TLocation }>();
    expect(location).toMatchObject({
      name: 'Filiale Innenstadt',
      geocode_status: 'found',
      is_redemption: true,
      formatted_address: 'Kaufingerstraße 5, 80331 München, DE',
    });
    expect(location.lat).toBeCloseTo(48.137, 2);
    expect(location.lng).toBeCloseTo(11.575, 2);
  });

  it('asks for confirmation of an address not found, and keeps it with use_anyway (Trotzdem verwenden)', async () => {
    const unknown = address({
      name: 'Hütte',
      street: 'Almweg',
      zip: '99999',
      city: 'Nirgendwohausen',
    });
    const refused = await t.api('POST', `/merchants/${sonnenschein}/locations`, 'owner', unknown);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: 'address_not_found' });
    const before = await locationCount(sonnenschein);
    const kept = await t.api('POST', `/merchants/${sonnenschein}/locations`, 'owner', {
      ...unknown,
      use_anyway: true,
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().location).toMatchObject({
      geocode_status: 'confirmed',
      lat: null,
      lng: null,
    });
    expect(await locationCount(sonnenschein)).toBe(before + 1);
  });

  it('validates every field of docs/product.md#records-and-fields with the country list', async () => {
    const cases: [object, string, string][] = [
      [{ name: '' }, 'required_field_missing', 'name'],
      [{ zip: '' }, 'required_field_missing', 'zip'],
      [{ country: 'US' }, 'invalid_value', 'country'],
      [{ type: 'castle' }, 'invalid_value', 'type'],
      [{ streetnumber: 'x'.repeat(21) }, 'too_long', 'streetnumber'],
    ];
    for (const [overrides, message, field] of cases) {
      const response = await t.api(
        'POST',
        `/merchants/${sonnenschein}/locations`,
        'owner',
        address(overrides),
      );
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      // The field first; others the same values leave invalid are named beside it.
      const refused = expectProblem(response, {
        status: 400,
        message,
        field,
        errors: expect.arrayContaining([{ field, message }]),
      });
      expect(refused.errors[0]).toEqual({ field, message });
    }
  });

  it('reads, edits (geocoding a changed address again) and deletes', async () => {
    const created = await t.api(
      'POST',
      `/merchants/${sonnenschein}/locations`,
      'owner',
      address({ name: 'Zum Ändern' }),
    );
    const id: string = created.json().location.id;
    const read = await t.api('GET', `/merchants/${sonnenschein}/locations/${id}`, 'owner');
    expect(read.json().location.name).toBe('Zum Ändern');
    const moved = await t.api(
      'POST',
      `/merchants/${sonnenschein}/locations/${id}`,
      'owner',
      address({
        name: 'Zum Ändern',
        city: 'Hamburg',
        zip: '20095',
        is_billing_address: true,
      }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().location).toMatchObject({ city: 'Hamburg', is_billing_address: true });
    expect(moved.json().location.lat).toBeCloseTo(53.55, 1);
    const deleted = await t.api('DELETE', `/merchants/${sonnenschein}/locations/${id}`, 'owner');
    expect(deleted.json()).toEqual({ deleted: true });
    expect(
      (await t.api('GET', `/merchants/${sonnenschein}/locations/${id}`, 'owner')).statusCode,
    ).toBe(404);
  });

  it('keeps an address with its own position when two saves of it cross', async () => {
    const hamburg = { city: 'Hamburg', zip: '20095' };
    const created = await t.api(
      'POST',
      `/merchants/${sonnenschein}/locations`,
      'owner',
      address({ name: 'Gekreuzt', ...hamburg }),
    );
    const id: string = created.json().location.id;
    // A rename reads the row (Hamburg, found, so no geocoding) and waits
    // before its write while a move to München is saved.
    const db = t.ctx.db;
    const transaction = db.transaction.bind(db);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reached = () => {};
    const waiting = new Promise<void>((resolve) => (reached = resolve));
    db.transaction = ((work, config) => {
      db.transaction = transaction;
      reached();
      return gate.then(() => transaction(work, config));
    }) as typeof db.transaction;
    try {
      const renamed = t.api(
        'POST',
        `/merchants/${sonnenschein}/locations/${id}`,
        'owner',
        address({ name: 'Gekreuzt, umbenannt', ...hamburg }),
      );
      await waiting;
      const moved = await t.api(
        'POST',
        `/merchants/${sonnenschein}/locations/${id}`,
        'owner',
        address({ name: 'Gekreuzt' }),
      );
      expect(moved.json().location.lat).toBeCloseTo(48.14, 1);
      release();
      expect((await renamed).statusCode).toBe(200);
    } finally {
      db.transaction = transaction;
      release();
    }
    // The last save wins, with the position of its own address.
    const stored = (
      await t.api('GET', `/merchants/${sonnenschein}/locations/${id}`, 'owner')
    ).json<{
      location: TLocation;
    }>().location;
    expect(stored).toMatchObject({ name: 'Gekreuzt, umbenannt', city: 'Hamburg' });
    expect(stored.formatted_address).toContain('Hamburg');
    expect(stored.lat).toBeCloseTo(53.55, 1);
  });

  it('needs manage-merchant (403) and refuses other merchants’ ids (404)', async () => {
    expect((await t.api('GET', `/merchants/${sonnenschein}/locations`, 'staff')).statusCode).toBe(
      403,
    );
    expect(
      (await t.api('POST', `/merchants/${sonnenschein}/locations`, 'staff', address())).statusCode,
    ).toBe(403);
    expect((await t.api('GET', `/merchants/${sonnenschein}/locations`, 'silver')).statusCode).toBe(
      404,
    );
    const own = await t.api('GET', `/merchants/${sonnenschein}/locations`, 'owner');
    const id = own.json<TLocationListResponse>().rows[0]?.id;
    for (const [method, url] of [
      ['GET', `/merchants/${silberblick}/locations/${id}`],
      ['DELETE', `/merchants/${silberblick}/locations/${id}`],
      ['GET', `/merchants/${sonnenschein}/locations/${id}`],
    ] as const) {
      const response = await t.api(method, url, 'silver');
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const file = multipartFile(
      'upload',
      'a.csv',
      await fixture('locations-real-world.csv'),
      'text/csv',
    );
    expect((await upload('silver', sonnenschein, file)).statusCode).toBe(404);
    expect((await upload('staff', sonnenschein, file)).statusCode).toBe(403);
  });
});

describe('Nominatim geocoder against a local fake', () => {
  let t: TestApp;
  let server: Server;
  const seen: { at: number; query: URLSearchParams; headers: IncomingHttpHeaders }[] = [];
  const INTERVAL = 300;
  let sonnenschein = '';
  let held: Promise<void> | undefined;

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      seen.push({ at: Date.now(), query: url.searchParams, headers: request.headers });
      // A slow answer, while a test holds it.
      if (held && url.searchParams.get('city') === 'München') await held;
      response.setHeader('content-type', 'application/json; charset=utf-8');
      if (url.pathname !== '/search' || url.searchParams.get('format') !== 'jsonv2') {
        response.statusCode = 400;
        response.end('[]');
        return;
      }
      const city = url.searchParams.get('city');
      if (city === 'Nirgendwohausen') {
        response.end('[]');
        return;
      }
      // Nominatim's jsonv2 answer: lat/lon as strings, display_name, and more fields.
      response.end(
        JSON.stringify([
          {
            place_id: 1234,
            licence: 'Data © OpenStreetMap contributors, ODbL 1.0.',
            osm_type: 'way',
            osm_id: 5678,
            lat: '48.1391',
            lon: '11.5802',
            category: 'building',
            type: 'yes',
            place_rank: 30,
            importance: 0.1,
            addresstype: 'building',
            name: '',
            display_name: `5, Kaufingerstraße, Altstadt, ${city}, Bayern, 80331, Deutschland`,
            boundingbox: ['48.139', '48.140', '11.580', '11.581'],
          },
        ]),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      GEOCODER: 'nominatim',
      NOMINATIM_URL: `http://127.0.0.1:${port}`,
      NOMINATIM_EMAIL: 'betrieb@example.com',
      NOMINATIM_MIN_INTERVAL_MS: String(INTERVAL),
    });
    const { merchant, owner } = await createMerchantWithOwner(t.ctx.db);
    sonnenschein = merchant.id;
    await t.signInAs({ owner });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends a structured query with an identifying user agent and reads the answer', async () => {
    const merchant = sonnenschein;
    const response = await t.api('POST', `/merchants/${merchant}/locations`, 'owner', address());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().location).toMatchObject({
      geocode_status: 'found',
      lat: 48.1391,
      lng: 11.5802,
      formatted_address: '5, Kaufingerstraße, Altstadt, München, Bayern, 80331, Deutschland',
    });
    const request = seen.at(-1);
    expect(Object.fromEntries(request?.query ?? [])).toMatchObject({
      street: '5 Kaufingerstraße',
      postalcode: '80331',
      city: 'München',
      countrycodes: 'de',
      limit: '1',
      email: 'betrieb@example.com',
    });
    expect(request?.headers['user-agent']).toContain('Kampagnen-Backoffice');

    const notFound = await t.api(
      'POST',
      `/merchants/${merchant}/locations`,
      'owner',
      address({ city: 'Nirgendwohausen' }),
    );
    expect(notFound.statusCode).toBe(422);
  });

  it('keeps to one request per interval, also for a background upload', async () => {
    const merchant = sonnenschein;
    const start = seen.length;
    const file = multipartFile(
      'upload',
      'standorte.csv',
      await fixture('locations-real-world.csv'),
      'text/csv',
    );
    const response = await t.api(
      'POST',
      `/merchants/${merchant}/multiple-locations`,
      'owner',
      file.payload,
      file.headers,
    );
    expect(response.statusCode, response.body).toBe(200);
    const jobId: string = response.json().job.id;
    let job: TLocationImportJob | undefined;
    const progress = new Set<number>();
    for (let attempt = 0; attempt < 200; attempt += 1) {
      job = (
        await t.api('GET', `/merchants/${merchant}/location-imports/${jobId}`, 'owner')
      ).json();
      progress.add(job?.processed ?? 0);
      if (job?.status === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    expect(job).toMatchObject({ status: 'done', processed: 6, found: 5, not_found: 1 });
    // The progress was visible on the way, not only at the end.
    expect(progress.size).toBeGreaterThan(2);
    const times = seen.slice(start).map((entry) => entry.at);
    expect(times).toHaveLength(6);
    for (let i = 1; i < times.length; i += 1) {
      expect(Number(times[i]) - Number(times[i - 1])).toBeGreaterThanOrEqual(INTERVAL);
    }
  });

  it('sends a user’s save before the waiting rows of running imports', async () => {
    const merchant = sonnenschein;
    const start = seen.length;
    const csv = (job: number) =>
      [
        'name;street;streetnumber;zip;city;country',
        ...[1, 2, 3].map((row) => `Import ${job};Kaufingerstraße;${row};80331;München;DE`),
      ].join('\n');
    const jobs: string[] = [];
    let release = () => {};
    held = new Promise<void>((resolve) => (release = resolve));
    try {
      for (const job of [1, 2, 3]) {
        const file = multipartFile('upload', `standorte-${job}.csv`, csv(job), 'text/csv');
        const response = await t.api(
          'POST',
          `/merchants/${merchant}/multiple-locations`,
          'owner',
          file.payload,
          file.headers,
        );
        expect(response.statusCode, response.body).toBe(200);
        jobs.push(response.json().job.id);
      }
      // An import's first row is under way (its answer held); the other import's waits in line.
      await until(async () => seen.length > start, 10_000, 20);
      const saving = t.api(
        'POST',
        `/merchants/${merchant}/locations`,
        'owner',
        address({ city: 'Vorrangstadt' }),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      const saved = await saving;
      expect(saved.statusCode, saved.body).toBe(200);
    } finally {
      held = undefined;
      release();
    }
    const cities = seen.slice(start).map((entry) => entry.query.get('city'));
    // At most the one request under way went before it.
    expect(cities.indexOf('Vorrangstadt')).toBeLessThanOrEqual(1);
    for (const jobId of jobs) await waitForJob(t, merchant, jobId);
    expect(seen.slice(start)).toHaveLength(10);
  });
});
