/**
 * The location CSV upload with files as real users produce them (Excel on
 * German Windows, a text editor): the line numbers of a refusal
 * must be the lines the user sees in their editor, and a row whose trailing
 * empty cells are left off (or carries one empty cell too many) is still a
 * row of the table.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../src/platform/db/schema.js';
import { createTestApp, type TestApp } from './helpers.js';
import { multipartFile } from './fixtures/multipart.js';

describe('location CSV files as users write them', () => {
  let t: TestApp;
  let sonnenschein = '';

  const upload = (content: string | Buffer) => {
    const file = multipartFile('upload', 'standorte.csv', content, 'text/csv');
    return t.api(
      'POST',
      `/merchants/${sonnenschein}/multiple-locations`,
      'owner',
      file.payload,
      file.headers,
    );
  };
  const locationCount = async () => {
    const [row] = await t.ctx.db
      .select({ total: count() })
      .from(locations)
      .where(eq(locations.merchantId, sonnenschein));
    return row?.total ?? 0;
  };

  beforeAll(async () => {
    // Room for the files below, and a limit a test can pass.
    t = await createTestApp({ CSV_MAX_ROWS: '5' });
    await t.signInAs('owner');
    sonnenschein = await t.merchantId('Bäckerei Sonnenschein');
  });
  afterAll(async () => {
    await t.close();
  });

  it('names the line the user sees when a CRLF file has a cell with a line break before the bad row', async () => {
    // Line 1 header, lines 2-3 one row whose opening hours are on two lines (a
    // quoted cell, as typed in an editor on Windows), line 4 a row without zip.
    const csv = [
      'name;street;zip;city;country;opening_hours',
      'Filiale Markt;Marktplatz 1;80331;München;DE;"Mo-Fr 8-18 Uhr',
      'Sa 8-12 Uhr"',
      'Filiale Bahnhof;Bahnhofstraße 2;;München;DE;',
      '',
    ].join('\r\n');
    const response = await upload(csv);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual([{ line: 4, field: 'zip', message: 'required' }]);
  });

  it('names the line of the unclosed quote, not the end of the file, in a refused file', async () => {
    // Line 3 opens a quote it never closes; the file has 5 lines.
    const lines = [
      'name;street;zip;city;country',
      'Filiale A;Weg 1;10115;Berlin;DE',
      '"Filiale B;Weg 2;10115;Berlin;DE',
      'Filiale C;Weg 3;10115;Berlin;DE',
      'Filiale D;Weg 4;10115;Berlin;DE',
      '',
    ];
    for (const lineEnd of ['\r\n', '\n']) {
      const response = await upload(lines.join(lineEnd));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors, JSON.stringify(lineEnd)).toEqual([
        { line: 3, field: '', message: 'broken_line' },
      ]);
    }
  });

  it('imports rows whose trailing empty cells are left off or that end in one more empty separator', async () => {
    const before = await locationCount();
    // The template's columns: the three yes/no columns at the end are optional.
    // Excel leaves trailing empty cells off in long sheets (rows after the
    // 16th), other tools write a separator at the end of each line.
    const csv = [
      'name;type;street;streetnumber;zip;city;country;is_billing_address;is_mail_address;is_redemption',
      'Filiale Voll;store;Marktplatz;1;80331;München;DE;nein;nein;ja',
      'Filiale Kurz;store;Marktplatz;2;80331;München;DE',
      'Filiale Lang;store;Marktplatz;3;80331;München;DE;;;;',
      '',
    ].join('\r\n');
    const response = await upload(csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(await locationCount()).toBe(before + 3);
  });

  it('reads a list saved as Unicode text (UTF-16 with tabs), as Excel writes it', async () => {
    const before = await locationCount();
    const text = [
      'name\tstreet\tzip\tcity\tcountry',
      'Filiale Unicode\tGänseweg 1\t01067\tDresden\tDE',
      '',
    ].join('\r\n');
    const response = await upload(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await locationCount()).toBe(before + 1);
  });

  it('names the most rows a file may hold when it has more, and imports none of them', async () => {
    const before = await locationCount();
    const rows = Array.from(
      { length: 6 },
      (_, i) => `Filiale ${i + 1};Weg ${i + 1};10115;Berlin;DE`,
    );
    const response = await upload(['name;street;zip;city;country', ...rows, ''].join('\r\n'));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual([
      { line: 0, field: '', message: 'too_many_rows', limit: 5 },
    ]);
    expect(await locationCount()).toBe(before);
  });
});
