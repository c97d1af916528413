/**
 * Locations API (spec §3 Location, §5, §7, §9): CRUD with geocoding and the
 * 'Trotzdem verwenden' confirmation, CSV upload of a real-world file (BOM,
 * semicolons, umlauts, quoted fields, a broken line) with background
 * geocoding and progress, refusals that import nothing, permissions, and the
 * Nominatim provider against a local fake speaking its JSON format.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLocation, TLocationImportJob, TLocationListResponse } from '@backoffice/domain';
import { locations } from '../src/platform/db/schema.js';
import { createTestApp, type TestApp } from './helpers.js';
import { multipartFile, multipartWithoutFile } from './fixtures/multipart.js';
import { until } from './fixtures/until.js';

const fixture = (name: string) => readFile(path.join(import.meta.dirname, 'fixtures', name));

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

/** Polls an import job as one of its merchant's users until it is done. */
async function waitForJob(
  app: TestApp,
  merchant: string,
  jobId: string,
  who = 'owner',
): Promise<TLocationImportJob> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await app.api('GET', `/merchants/${merchant}/location-imports/${jobId}`, who);
    const job = response.json<TLocationImportJob>();
    if (job.status === 'done') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('import did not finish');
}

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
    await t.signInAs('admin', 'owner', 'silver', 'staff');
    sonnenschein = await t.merchantId('Bäckerei Sonnenschein');
    silberblick = await t.merchantId('Café Silberblick');
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

  it('validates every field of §3 with the country list', async () => {
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
      expect(response.json()).toEqual({ statusCode: 400, message, field });
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

  it('refuses an upload with a broken line, listing the errors by line, and imports nothing', async () => {
    const before = await locationCount(sonnenschein);
    const file = multipartFile(
      'upload',
      'standorte.csv',
      await fixture('locations-broken-line.csv'),
      'text/csv',
    );
    const response = await upload('owner', sonnenschein, file);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      message: 'bad_input',
      errors: [
        { line: 5, field: '', message: 'wrong_column_count' },
        { line: 7, field: 'zip', message: 'required' },
        { line: 8, field: 'country', message: 'invalid_value' },
      ],
    });
    expect(await locationCount(sonnenschein)).toBe(before);
  });

  it('refuses broken quoting as a whole', async () => {
    const broken =
      '\uFEFFname;street;zip;city;country\n"Filiale ohne Ende;Weg;12345;Berlin;DE\nB;Weg;1;Köln;DE\n';
    const response = await upload('owner', sonnenschein, multipartFile('upload', 'x.csv', broken));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { line: expect.any(Number), field: '', message: 'broken_line' },
    ]);
  });

  it('imports a real-world file and geocodes it in the background with progress', async () => {
    const before = await locationCount(sonnenschein);
    const file = multipartFile(
      'upload',
      'standorte.csv',
      await fixture('locations-real-world.csv'),
      'text/csv',
    );
    const response = await upload('owner', sonnenschein, file);
    expect(response.statusCode, response.body).toBe(200);
    const { job } = response.json<{ job: TLocationImportJob }>();
    expect(job).toMatchObject({ total: 6 });
    const done = await waitForJob(t, sonnenschein, job.id);
    expect(done).toMatchObject({ status: 'done', total: 6, processed: 6, found: 5, not_found: 1 });
    expect(await locationCount(sonnenschein)).toBe(before + 6);

    const list = (
      await t.api('GET', `/merchants/${sonnenschein}/locations`, 'owner')
    ).json<TLocationListResponse>();
    expect(list.import_job).toBeNull();
    const byName = (name: string) => list.rows.find((row) => row.name === name);
    expect(byName('Zentrale "Sonnenschein" GmbH')).toMatchObject({
      type: 'headquarters',
      street: 'Königstraße',
      streetnumber: '12a',
      floor: '2. OG',
      co_line: 'z. Hd. Frau Müller',
      country: 'DE',
      is_billing_address: true,
      is_mail_address: true,
      geocode_status: 'found',
    });
    expect(byName('Bäckerei am Marktplatz')).toMatchObject({
      opening_hours: 'Mo-Fr 6-18 Uhr; Sa 7-12 Uhr',
      is_redemption: true,
    });
    expect(byName('Filiale Graz')).toMatchObject({ entrance: '2', top: '14', country: 'AT' });
    const missing = byName('Außenstelle Nirgendwo');
    expect(missing).toMatchObject({ geocode_status: 'not_found', type: 'office' });

    // The not-found row is confirmed with 'Trotzdem verwenden'.
    const confirmed = await t.api(
      'POST',
      `/merchants/${sonnenschein}/locations/${missing?.id}`,
      'owner',
      {
        ...missing,
        use_anyway: true,
      },
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().location.geocode_status).toBe('confirmed');
  });

  it('counts a row of an import that a user saves or deletes before its turn', async () => {
    const geocoder = t.ctx.geocoder;
    // The first row the worker geocodes waits; the user changes the other two meanwhile.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let first: string | undefined;
    let started = () => {};
    const blocked = new Promise<void>((resolve) => (started = resolve));
    t.ctx.geocoder = {
      ...geocoder,
      async geocode(query) {
        if (first === undefined) {
          first = query.streetnumber;
          started();
          await gate;
        }
        return geocoder.geocode(query);
      },
    };
    try {
      const csv = [
        'name;street;streetnumber;zip;city;country',
        'Wartend;Hauptstraße;1;10115;Berlin;DE',
        'Wartend;Hauptstraße;2;10115;Berlin;DE',
        'Wartend;Hauptstraße;3;10115;Berlin;DE',
      ].join('\n');
      const response = await upload(
        'owner',
        sonnenschein,
        multipartFile('upload', 'standorte.csv', csv, 'text/csv'),
      );
      expect(response.statusCode, response.body).toBe(200);
      const { job } = response.json<{ job: TLocationImportJob }>();
      await blocked;
      const others = (await t.api('GET', `/merchants/${sonnenschein}/locations`, 'owner'))
        .json<TLocationListResponse>()
        .rows.filter((row) => row.name === 'Wartend' && row.streetnumber !== first);
      expect(others.map((row) => row.geocode_status)).toEqual(['pending', 'pending']);
      const [saved, removed] = others;
      const save = await t.api(
        'POST',
        `/merchants/${sonnenschein}/locations/${saved?.id}`,
        'owner',
        { ...saved, name: 'Wartend, geändert' },
      );
      expect(save.json().location.geocode_status).toBe('found');
      const remove = await t.api(
        'DELETE',
        `/merchants/${sonnenschein}/locations/${removed?.id}`,
        'owner',
      );
      expect(remove.statusCode).toBe(200);
      release();
      expect(await waitForJob(t, sonnenschein, job.id)).toMatchObject({
        status: 'done',
        total: 3,
        processed: 3,
        found: 2,
        not_found: 0,
      });
    } finally {
      release();
      t.ctx.geocoder = geocoder;
    }
  });

  it('imports a file of as many lines as it takes (CSV_MAX_ROWS) and answers other requests while it geocodes', async () => {
    const rows = t.ctx.config.files.csvMaxRows;
    const before = await locationCount(silberblick);
    const csv = [
      'name,street,streetnumber,zip,city,country,is_redemption',
      ...Array.from(
        { length: rows },
        (_, i) => `Voll ${i},Hauptstraße,${i + 1},10117,Berlin,DE,ja`,
      ),
    ].join('\n');
    const response = await upload('silver', silberblick, multipartFile('upload', 'voll.csv', csv));
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.json().job).toMatchObject({ total: rows });
    expect(await locationCount(silberblick)).toBe(before + rows);
    // Geocoding thousands of rows in the background leaves the server answering meanwhile.
    const job = (
      await t.api(
        'GET',
        `/merchants/${silberblick}/location-imports/${response.json().job.id}`,
        'silver',
      )
    ).json<TLocationImportJob>();
    expect(job.status).toBe('running');
    expect(job.processed).toBeLessThan(rows);
  });

  it('reads comma-separated files without BOM', async () => {
    const file = multipartFile(
      'upload',
      'komma.csv',
      await fixture('locations-comma.csv'),
      'text/csv',
    );
    const response = await upload('silver', silberblick, file);
    expect(response.statusCode, response.body).toBe(200);
    const done = await waitForJob(t, silberblick, response.json().job.id, 'silver');
    expect(done).toMatchObject({ total: 2, found: 2 });
    const list = (
      await t.api('GET', `/merchants/${silberblick}/locations`, 'silver')
    ).json<TLocationListResponse>();
    expect(list.rows.map((row) => row.name)).toContain('Filiale Berlin, Mitte');
  });

  it('says "Kein Upload-File gefunden!" and "Es wurde keine Standorte hochgeladen!"', async () => {
    const none = await upload('owner', sonnenschein, multipartWithoutFile());
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('no_upload_file');
    const notMultipart = await t.api(
      'POST',
      `/merchants/${sonnenschein}/multiple-locations`,
      'owner',
      {},
    );
    expect(notMultipart.json().message).toBe('no_upload_file');
    for (const content of [
      '',
      '\uFEFF',
      'name;street;zip;city;country\r\n',
      'name;street;zip;city;country\n;;;;\n',
    ]) {
      const response = await upload(
        'owner',
        sonnenschein,
        multipartFile('upload', 'leer.csv', content),
      );
      expect(response.statusCode, JSON.stringify(content)).toBe(400);
      expect(response.json().message).toBe('no_locations_uploaded');
    }
  });

  it('refuses a file without the required columns', async () => {
    const response = await upload(
      'owner',
      sonnenschein,
      multipartFile('upload', 'x.csv', 'Name;Ort\nA;Berlin\n'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { field: string }) => error.field)).toEqual([
      'street',
      'zip',
      'country',
    ]);
  });

  it('refuses a header that names a column twice, also through two of its names, and imports nothing', async () => {
    const before = await locationCount(sonnenschein);
    // A running-number column "nr" after the house number would otherwise store "1" as its house number.
    const numbered = await upload(
      'owner',
      sonnenschein,
      multipartFile(
        'upload',
        'standorte.csv',
        'name;street;streetnumber;zip;city;country;nr\nDoppelspalte;Marktplatz;12;80331;München;DE;1\n',
        'text/csv',
      ),
    );
    expect(numbered.statusCode, numbered.body).toBe(400);
    expect(numbered.json()).toEqual({
      statusCode: 400,
      message: 'bad_input',
      errors: [{ line: 1, field: 'streetnumber', message: 'duplicate_column' }],
    });
    const german = await upload(
      'owner',
      sonnenschein,
      multipartFile(
        'upload',
        'standorte.csv',
        '\uFEFFName;Straße;PLZ;Ort;Land;Strasse;Stadt;Ort\nFiliale;Weg;80331;München;DE;Gasse;Berlin;Köln\n',
        'text/csv',
      ),
    );
    expect(german.statusCode, german.body).toBe(400);
    expect(german.json().errors).toEqual([
      { line: 1, field: 'street', message: 'duplicate_column' },
      { line: 1, field: 'city', message: 'duplicate_column' },
    ]);
    expect(await locationCount(sonnenschein)).toBe(before);
  });
});

describe('Nominatim geocoder against a local fake', () => {
  let t: TestApp;
  let server: Server;
  const seen: { at: number; query: URLSearchParams; headers: IncomingHttpHeaders }[] = [];
  const INTERVAL = 300;
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
    await t.signInAs('owner');
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends a structured query with an identifying user agent and reads the answer', async () => {
    const merchant = await t.merchantId('Bäckerei Sonnenschein');
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
    const merchant = await t.merchantId('Bäckerei Sonnenschein');
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
    const merchant = await t.merchantId('Bäckerei Sonnenschein');
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
