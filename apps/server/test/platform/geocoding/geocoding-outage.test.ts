/**
 * Location uploads through a geocoding outage: local fakes of Nominatim and
 * Google speaking their real formats fail the first requests (HTTP 503,
 * timeouts, OVER_QUERY_LIMIT, UNKNOWN_ERROR); every row of a 200-row upload
 * still ends geocoded, the progress shows the rows waiting for their retry,
 * only the provider's real "no result" ends as not found, and a row whose
 * provider never answers ends as 'geocoder_failed' after its retries, which
 * a user's save tries again.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLocationImportJob, TLocationListResponse } from '@backoffice/domain';
import { multipartFile } from '../../fixtures/multipart.js';
import { createMerchantWithOwner } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../helpers.js';

/** Short retries: 1 s, then 2 s at most, five retries. */
const RETRIES = {
  GEOCODER_TIMEOUT_MS: '100',
  GEOCODER_RETRY_DELAY_SECONDS: '1',
  GEOCODER_RETRY_MAX_DELAY_SECONDS: '2',
  GEOCODER_RETRY_LIMIT: '5',
};
const ROWS = 200;
/** Cities the providers know nothing about: a real miss. */
const NOWHERE = 'Nirgendwohausen';
/** A city whose requests always fail: the provider never answers for it. */
const BROKEN = 'Ausfallstadt';

/** 200 rows: two of them in a city no provider knows (one within the outage's first requests). */
function uploadCsv(street: string): string {
  return [
    'name;street;streetnumber;zip;city;country',
    ...Array.from({ length: ROWS }, (_, i) => {
      const city = i === 2 || i === 150 ? NOWHERE : 'München';
      return `Filiale ${i + 1};${street};${i + 1};80331;${city};DE`;
    }),
  ].join('\n');
}

interface Fake {
  server: Server;
  url: string;
  /** Requests answered so far, and how many of them failed. */
  requests: number;
  failed: number;
  /** Fails this many requests from now on. */
  failNext: number;
}

async function startFake(
  answer: (fake: Fake, url: URL, response: ServerResponse, request: IncomingMessage) => void,
): Promise<Fake> {
  const fake: Fake = {
    server: createServer((request, response) => {
      fake.requests += 1;
      answer(fake, new URL(request.url ?? '/', 'http://127.0.0.1'), response, request);
    }),
    url: '',
    requests: 0,
    failed: 0,
    failNext: 0,
  };
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}

const stopFake = (fake: Fake) =>
  new Promise((resolve) => {
    fake.server.closeAllConnections();
    fake.server.close(resolve);
  });

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.end(JSON.stringify(body));
};

/** Uploads the file and polls its progress until done, keeping every answer seen. */
async function importThroughOutage(t: TestApp, merchant: string, csv: string) {
  const file = multipartFile('upload', 'standorte.csv', csv, 'text/csv');
  const uploaded = await t.api(
    'POST',
    `/merchants/${merchant}/multiple-locations`,
    'owner',
    file.payload,
    file.headers,
  );
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const id = String(uploaded.json().job.id);
  const seen: TLocationImportJob[] = [];
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = (
      await t.api('GET', `/merchants/${merchant}/location-imports/${id}`, 'owner')
    ).json<TLocationImportJob>();
    seen.push(job);
    if (job.status === 'done') return { id, seen, job };
    if (Date.now() > deadline) throw new Error(`import not done: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function rowsOf(t: TestApp, merchant: string) {
  return (
    await t.api('GET', `/merchants/${merchant}/locations`, 'owner')
  ).json<TLocationListResponse>().rows;
}

function expectOutageRidden(result: Awaited<ReturnType<typeof importThroughOutage>>) {
  expect(result.job).toMatchObject({
    status: 'done',
    total: ROWS,
    processed: ROWS,
    found: ROWS - 2,
    not_found: 2,
    geocoder_failed: 0,
    retrying: 0,
    next_retry_at: null,
  });
  // On the way, the progress said that rows wait for a retry, and when.
  const waiting = result.seen.filter((job) => job.retrying > 0);
  expect(waiting.length).toBeGreaterThan(0);
  for (const job of waiting) {
    expect(job.status).toBe('running');
    expect(Date.parse(String(job.next_retry_at))).not.toBeNaN();
  }
  // Never more "not found" than the two real misses, at any time.
  expect(Math.max(...result.seen.map((job) => job.not_found))).toBeLessThanOrEqual(2);
}

describe('Nominatim outage during an upload', () => {
  let t: TestApp;
  let fake: Fake;
  let merchant = '';

  beforeAll(async () => {
    fake = await startFake((self, url, response) => {
      const city = url.searchParams.get('city');
      if (self.failNext > 0 || city === BROKEN) {
        self.failNext = Math.max(0, self.failNext - 1);
        self.failed += 1;
        // Every fifth failure is a timeout (no answer in time), the others 503.
        if (self.failed % 5 === 0) setTimeout(() => json(response, 200, []), 400);
        else json(response, 503, { error: 'Service Unavailable' });
        return;
      }
      if (city === NOWHERE) return json(response, 200, []);
      json(response, 200, [
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
          display_name: `${url.searchParams.get('street')}, Altstadt, ${city}, Bayern, 80331, Deutschland`,
          boundingbox: ['48.139', '48.140', '11.580', '11.581'],
        },
      ]);
    });
    t = await createTestApp({
      GEOCODER: 'nominatim',
      NOMINATIM_URL: fake.url,
      NOMINATIM_MIN_INTERVAL_MS: '0',
      ...RETRIES,
    });
    const made = await createMerchantWithOwner(t.ctx.db);
    await t.signInAs({ owner: made.owner });
    merchant = made.merchant.id;
  });
  afterAll(async () => {
    await t.close();
    await stopFake(fake);
  });

  it('geocodes every row of a 200-row upload whose first requests fail (503, timeouts)', async () => {
    fake.failNext = 40;
    const before = fake.requests;
    const result = await importThroughOutage(t, merchant, uploadCsv('Kaufingerstraße'));
    expect(fake.failed).toBe(40);
    expectOutageRidden(result);
    // Each failed row was asked again, and no retry storm: one request per row and attempt. (A
    // machine under load may take longer than the test's 100 ms timeout for an answer the fake
    // gave: the client's timeout, and so one more attempt, as it should be.)
    expect(fake.requests - before).toBeGreaterThanOrEqual(ROWS + 40);
    expect(fake.requests - before).toBeLessThanOrEqual(ROWS + 40 + 5);
    const rows = (await rowsOf(t, merchant)).filter((row) => row.street === 'Kaufingerstraße');
    expect(rows).toHaveLength(ROWS);
    expect(rows.filter((row) => row.geocode_status === 'found')).toHaveLength(ROWS - 2);
    expect(rows.filter((row) => row.geocode_status === 'not_found').map((row) => row.city)).toEqual(
      [NOWHERE, NOWHERE],
    );
  });

  it('gives a row up as "geocoder_failed" (not "not found") after its retries; a save tries again', async () => {
    const csv = [
      'name;street;streetnumber;zip;city;country',
      `Ausfall;Marktplatz;1;80331;${BROKEN};DE`,
      'Daneben;Marktplatz;2;80331;München;DE',
    ].join('\n');
    const before = fake.failed;
    const result = await importThroughOutage(t, merchant, csv);
    expect(result.job).toMatchObject({
      status: 'done',
      processed: 2,
      found: 1,
      not_found: 0,
      geocoder_failed: 1,
      retrying: 0,
    });
    // The first attempt and GEOCODER_RETRY_LIMIT retries.
    expect(fake.failed - before).toBe(6);
    const failed = (await rowsOf(t, merchant)).find((row) => row.name === 'Ausfall');
    expect(failed).toMatchObject({ geocode_status: 'geocoder_failed', lat: null });

    // A user's save while the provider still fails asks as for an address
    // not found (the user may keep it with 'Trotzdem verwenden') ...
    const body = { ...failed, type: 'store', version: failed?.version };
    const refused = await t.api(
      'POST',
      `/merchants/${merchant}/locations/${failed?.id}`,
      'owner',
      body,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: 'address_not_found' });
    // ... and once it answers, the save finds the address.
    const moved = await t.api('POST', `/merchants/${merchant}/locations/${failed?.id}`, 'owner', {
      ...body,
      city: 'München',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().location).toMatchObject({ geocode_status: 'found', lat: 48.1391 });
  });
});

describe('Google outage during an upload', () => {
  let t: TestApp;
  let fake: Fake;
  let merchant = '';

  beforeAll(async () => {
    fake = await startFake((self, url, response) => {
      const address = url.searchParams.get('address') ?? '';
      if (url.searchParams.get('key') !== 'test-key') {
        return json(response, 200, { status: 'REQUEST_DENIED', results: [] });
      }
      if (self.failNext > 0) {
        self.failNext -= 1;
        self.failed += 1;
        // Google answers HTTP 200 with an error status: mostly the quota, sometimes its own error.
        const status = self.failed % 4 === 0 ? 'UNKNOWN_ERROR' : 'OVER_QUERY_LIMIT';
        return json(response, 200, {
          status,
          error_message: 'You have exceeded your rate-limit for this API.',
          results: [],
        });
      }
      if (address.includes(NOWHERE))
        return json(response, 200, { status: 'ZERO_RESULTS', results: [] });
      json(response, 200, {
        status: 'OK',
        results: [
          {
            formatted_address: `${address.split(',')[0]}, 80331 München, Deutschland`,
            geometry: {
              location: { lat: 48.1372, lng: 11.5755 },
              location_type: 'ROOFTOP',
            },
            place_id: 'ChIJ-fake',
            types: ['street_address'],
          },
        ],
      });
    });
    t = await createTestApp({
      GEOCODER: 'google',
      GOOGLE_GEOCODING_URL: `${fake.url}/maps/api/geocode/json`,
      MAPS_KEY: 'test-key',
      ...RETRIES,
    });
    const made = await createMerchantWithOwner(t.ctx.db);
    await t.signInAs({ owner: made.owner });
    merchant = made.merchant.id;
  });
  afterAll(async () => {
    await t.close();
    await stopFake(fake);
  });

  it('geocodes every row of a 200-row upload whose first requests hit OVER_QUERY_LIMIT', async () => {
    fake.failNext = 60;
    const result = await importThroughOutage(t, merchant, uploadCsv('Neuhauser Straße'));
    expect(fake.failed).toBe(60);
    expectOutageRidden(result);
    const rows = (await rowsOf(t, merchant)).filter((row) => row.street === 'Neuhauser Straße');
    expect(rows.filter((row) => row.geocode_status === 'found')).toHaveLength(ROWS - 2);
    expect(rows.find((row) => row.geocode_status === 'found')?.lat).toBeCloseTo(48.1372, 4);
  });
});
