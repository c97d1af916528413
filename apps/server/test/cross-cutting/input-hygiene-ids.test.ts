/**
 * Ids and uploads the database would refuse: every such request answers 400
 * with a message key and the field, writes nothing, and leaves every list
 * answering. Ids and over-long paths on every route, and location uploads.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TLocationImportJob } from '@backoffice/domain';
import { locations } from '../../src/platform/db/schema.js';
import { bearer, type Method } from '../helpers.js';
import { multipartFile } from '../fixtures/multipart.js';
import { tableDigest } from '../fixtures/table-digest.js';
import {
  t,
  sonnenschein,
  campaignId,
  locationId,
  expectRefused,
  useInputHygieneApp,
} from './input-hygiene-fixture.js';
import { expectProblem } from '../fixtures/problem.js';

useInputHygieneApp();

describe('ids', () => {
  const save = (body: object) => () => t.api('POST', `/campaigns/${campaignId}`, 'owner', body);
  const NOT_UUIDS = [
    '-'.repeat(36),
    'aaaaaaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaa',
    `${'a'.repeat(8)}-${'b'.repeat(4)}-${'c'.repeat(4)}-${'d'.repeat(4)}-${'e'.repeat(12)}f`,
    'x'.repeat(101),
    'a'.repeat(5000),
  ];

  /** Every route with an id in its path: method, path with {id} for the bad id, the field, a body. */
  const ROUTES: [Method, string, string, object?][] = [
    ['GET', '/campaigns/{id}', 'id'],
    ['POST', '/campaigns/{id}', 'id', {}],
    ['POST', '/campaigns/{id}/image', 'id'],
    ['DELETE', '/campaigns/{id}/image', 'id'],
    ['POST', '/campaigns/{id}/submit', 'id'],
    ['POST', '/campaigns/{id}/clone', 'id'],
    ['POST', '/campaigns/{id}/toggle-listable', 'id'],
    ['DELETE', '/campaigns/{id}', 'id'],
    ['GET', '/campaigns/{id}/status-history', 'id'],
    ['GET', '/campaigns/{id}/followups', 'id'],
    ['DELETE', '/campaigns/{id}/followups', 'id'],
    ['POST', '/campaigns/{id}/create-followup', 'id'],
    ['POST', '/campaigns/{id}/start-review', 'id'],
    ['POST', '/campaigns/{id}/approve', 'id'],
    ['POST', '/campaigns/{id}/reject', 'id', { reason: 'Nein' }],
    ['GET', '/merchants/{id}', 'id'],
    ['POST', '/merchants/{id}', 'id', { name: 'X' }],
    ['GET', '/merchants/{id}/images', 'id'],
    ['DELETE', '/merchants/{id}/images', 'id'],
    ['GET', '/merchants/{id}/contacts', 'id'],
    ['GET', '/merchants/{id}/locations', 'id'],
    ['POST', '/merchants/{id}/multiple-locations', 'id'],
    ['GET', '/merchants/{merchant}/locations/{id}', 'locId'],
    ['POST', '/merchants/{merchant}/locations/{id}', 'locId', { name: 'X' }],
    ['DELETE', '/merchants/{merchant}/locations/{id}', 'locId'],
    ['GET', '/merchants/{id}/locations/{location}', 'id'],
    ['GET', '/merchants/{merchant}/location-imports/{id}', 'jobId'],
  ];

  it('answers a malformed or over-long id on every campaign, merchant and location route with 400', async () => {
    for (const [method, route, field, body] of ROUTES) {
      for (const bad of NOT_UUIDS) {
        const url = route
          .replace('{id}', bad)
          .replace('{merchant}', sonnenschein)
          .replace('{location}', locationId);
        const response = await t.api(method, url, 'owner', body);
        expect(response.statusCode, `${method} ${route} ${bad.slice(0, 40)}`).toBe(400);
        // The id first; a body the route refuses as well is named beside it.
        const refused = expectProblem(response, {
          status: 400,
          message: 'invalid_value',
          field,
          errors: expect.arrayContaining([{ field, message: 'invalid_value' }]),
        });
        expect(refused.errors[0]).toEqual({ field, message: 'invalid_value' });
      }
    }
  });

  it('answers bad ids in the query and the body with 400', async () => {
    await expectRefused(
      () => t.api('GET', `/campaigns?exact_merchant=${'-'.repeat(36)}`, 'owner'),
      'exact_merchant',
    );
    await expectRefused(
      () => t.api('DELETE', `/campaigns/${campaignId}/followups?ident=${'0'.repeat(36)}`, 'owner'),
      'ident',
    );
    await expectRefused(
      () =>
        t.api('POST', '/campaigns', 'owner', { merchant: '-'.repeat(36), type: 'coupon/percent' }),
      'merchant',
    );
    await expectRefused(
      save({ coparticipation_targets: ['-'.repeat(36)] }),
      'coparticipation_targets.0',
    );
  });

  it('answers an over-long or undecodable path with the product’s body and headers', async () => {
    for (const url of [
      `/api/campaigns/${'a'.repeat(101)}`,
      // Long, yet under the 8 KiB an address may have (longer ones get 414).
      `/api/merchants/${'b'.repeat(7_000)}/locations`,
      '/api/campaigns/%ED%A0%80',
      `/api/merchants/${sonnenschein}/locations/%ED%A0%80`,
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: bearer(String(t.tokens.owner)),
      });
      expect(response.statusCode, url.slice(0, 60)).toBe(400);
      expect(response.json<{ message: string; field: string }>()).toMatchObject({
        statusCode: 400,
        message: 'invalid_value',
      });
      expect(response.json<{ field?: string }>().field).toBeTruthy();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });
});

describe('location uploads', () => {
  const upload = (file: Buffer) => {
    const body = multipartFile('upload', 'standorte.csv', file, 'text/csv');
    return t.api(
      'POST',
      `/merchants/${sonnenschein}/multiple-locations`,
      'owner',
      body.payload,
      body.headers,
    );
  };

  it('refuses a file with a NUL byte with a message key, importing nothing', async () => {
    const before = await tableDigest(t.ctx.db);
    const file = Buffer.from(
      'name;street;zip;city;country\nFiliale;Markt\u0000platz;80331;München;DE\n',
    );
    const response = await upload(file);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      message: 'bad_input',
      errors: [{ line: 2, field: '', message: 'not_a_text_file' }],
    });
    expect(await tableDigest(t.ctx.db)).toEqual(before);
  });

  /** Uploads a file, waits for its geocoding, and answers the stored rows' texts. */
  async function imported(file: Buffer): Promise<string[][]> {
    const response = await upload(file);
    expect(response.statusCode, response.body).toBe(200);
    const job = response.json<{ job: TLocationImportJob }>().job;
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const progress = await t.api(
        'GET',
        `/merchants/${sonnenschein}/location-imports/${job.id}`,
        'owner',
      );
      if (progress.json<TLocationImportJob>().status === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const rows = await t.ctx.db.select().from(locations).where(eq(locations.importJobId, job.id));
    return rows.map((row) => [row.name, row.street, row.city, row.openingHours]).sort();
  }

  it('reads a file Excel saved in Windows-1252 with its umlauts, and UTF-8 with or without BOM', async () => {
    const excel = await readFile(
      path.join(import.meta.dirname, '..', 'fixtures/locations-windows-1252.csv'),
    );
    expect(await imported(excel)).toEqual([
      ['Bäckerei am Marienplatz', 'Weinstraße', 'München', 'Mo–Fr 6–18 Uhr, Brötchen ab 0,45 €'],
      ['Filiale Schwabing', 'Leopoldstraße', 'München', '„Sa“ 7–13 Uhr'],
    ]);
    for (const bom of ['', '\uFEFF']) {
      const utf8 = Buffer.from(
        `${bom}name;street;zip;city;country;opening_hours\nGrüne Filiale;Hauptstraße;80331;München;DE;8–18 Uhr €\n`,
      );
      expect(await imported(utf8)).toEqual([
        ['Grüne Filiale', 'Hauptstraße', 'München', '8–18 Uhr €'],
      ]);
    }
  });
});
