/**
 * Locations from CSV files: a real-world file (BOM, semicolons, umlauts,
 * quoted fields) imported with background geocoding and progress, the row
 * limit, and refusals (broken lines or quoting, missing or doubled columns,
 * no file) that import nothing.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLocationImportJob, TLocationListResponse } from '@backoffice/domain';
import { locations } from '../../../src/platform/db/schema.js';
import { createAdmin, createMerchant, createPerson } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../helpers.js';
import { waitForJob } from '../../fixtures/location-imports.js';
import { multipartFile, multipartWithoutFile } from '../../fixtures/multipart.js';

const fixture = (name: string) =>
  readFile(path.join(import.meta.dirname, '../..', 'fixtures', name));

describe('location CSV uploads with the offline geocoder', () => {
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
    expect(response.json()).toMatchObject({
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
    expect(numbered.json()).toMatchObject({
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
