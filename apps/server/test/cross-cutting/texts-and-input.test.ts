/**
 * Texts and input on the server: counts in their singular
 * or plural in mails, a negative percent refused, a German postcode of five
 * digits in the location form and the CSV upload, merchants ordered and found
 * as German readers expect ("back" finds "Bäckerei") on PGlite and
 * PostgreSQL alike, and one merchant and one access-code set per name
 * (`duplicate_value`), also when the same name is sent at the same moment;
 * the migration that brings in the rule renames the names stored twice.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCampaignEnvelope, TMerchantListRow } from '@backoffice/domain';
import { queryRows } from '../../src/platform/db/client.js';
import { accessCodeSets, merchants } from '../../src/platform/db/schema.js';
import { openWinsMail } from '../../src/platform/mail/templates.js';
import { validAccessCodeSet } from '../fixtures/access-code-sets.js';
import { multipartFile } from '../fixtures/multipart.js';
import { createAdmin, createMerchant } from '../factories/index.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { expectProblem } from '../fixtures/problem.js';

let t: TestApp;
let sonnenschein = '';
let adler = '';

beforeAll(async () => {
  t = await createTestApp();
  await t.signInAs({ admin: await createAdmin(t.ctx.db) });
  // Merchants whose names the search and the one-name rule are tried with.
  sonnenschein = (
    await createMerchant(t.ctx.db, {
      name: 'Bäckerei Sonnenschein GmbH',
      brandName: 'Bäckerei Sonnenschein',
    })
  ).id;
  adler = (await createMerchant(t.ctx.db, { name: 'Modehaus Adler GmbH', level: 1 })).id;
});
afterAll(async () => {
  await t.close();
});

const merchantBody = (name: string) => ({
  name,
  brand_name: '',
  description: '',
  vatin: '',
  telephone: '',
  email: '',
  website: '',
  social: { facebook: '', twitter: '', youtube: '', pinterest: '', instagram: '' },
  contacts: [],
  coreg_enabled: false,
  coreg_default_suitable: false,
  coreg_terms: { sponsor_name: '', unsubscribe_email: '', privacy_url: '', contact_text: '' },
});

describe('counts in their singular or plural (mails)', () => {
  it('writes "1 offener Gewinn" and "2 offene Gewinne"', () => {
    const mail = (count: number) =>
      openWinsMail({ merchant: 'Adler e.K.', count, link: 'x', appName: 'App', locale: 'de-DE' });
    expect(mail(1).subject).toBe('Adler e.K.: 1 offener Gewinn');
    expect(mail(1).text).toContain('wartet 1 Gewinn auf seine Abwicklung');
    expect(mail(2).subject).toBe('Adler e.K.: 2 offene Gewinne');
    expect(mail(1234).text).toContain('warten 1.234 Gewinne auf ihre Abwicklung');
  });
});

describe('a negative percent', () => {
  it('is refused with invalid_value naming the field, and nothing is stored', async () => {
    const created = await t.api('POST', '/campaigns', 'admin', {
      merchant: sonnenschein,
      type: 'coupon/percent',
    });
    const { campaign } = created.json<TCampaignEnvelope>();
    const refused = await t.api('POST', `/campaigns/${campaign.uuid}?validate=benefit`, 'admin', {
      benefit: { percent_discount: -10 },
    });
    expect(refused.statusCode).toBe(400);
    expectProblem(refused, {
      status: 400,
      message: 'invalid_value',
      field: 'benefit.percent_discount',
    });
    const stored = await t.api('GET', `/campaigns/${campaign.uuid}`, 'admin');
    expect(stored.json<TCampaignEnvelope>().campaign.benefit.percent_discount).toBeNull();
  });
});

describe('a German postcode has five digits', () => {
  const location = (zip: string, country = 'DE') => ({
    // The offline geocoder knows German cities alone: the others are kept as entered.
    use_anyway: country !== 'DE',
    name: `Filiale ${zip} ${country}`,
    type: 'store',
    street: 'Marktplatz',
    streetnumber: '1',
    zip,
    city: 'München',
    country,
  });

  it('in the location form: other lengths and letters refused, other countries as entered', async () => {
    for (const zip of ['8033', '803310', '8033A', '80 331']) {
      const response = await t.api(
        'POST',
        `/merchants/${sonnenschein}/locations`,
        'admin',
        location(zip),
      );
      expect(response.statusCode, zip).toBe(400);
      expectProblem(response, { status: 400, message: 'invalid_zip', field: 'zip' });
    }
    for (const [zip, country] of [
      ['80331', 'DE'],
      ['1010', 'AT'],
      ['8001', 'CH'],
      ['SW1A 1AA', 'GB'],
    ] as const) {
      const response = await t.api(
        'POST',
        `/merchants/${sonnenschein}/locations`,
        'admin',
        location(zip, country),
      );
      expect(response.statusCode, `${zip} ${country}: ${response.body}`).toBe(200);
    }
  });

  it('in the CSV upload: the line and the field are named, nothing is imported', async () => {
    const csv =
      'name;street;zip;city;country\n' +
      'Filiale Nord;Hauptstraße 1;80331;München;DE\n' +
      'Filiale Süd;Hauptstraße 2;8033;München;Deutschland\n' +
      'Filiale Wien;Ring 3;1010;Wien;AT\n';
    const file = multipartFile('upload', 'standorte.csv', csv);
    const response = await t.api(
      'POST',
      `/merchants/${adler}/multiple-locations`,
      'admin',
      file.payload,
      file.headers,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ line: 3, field: 'zip', message: 'invalid_zip' }]);
  });
});

/** The merchant names of the list as an admin sees it, filtered. */
async function listed(filter: string): Promise<string[]> {
  const response = await t.api('GET', `/merchants?filter=${encodeURIComponent(filter)}`, 'admin');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ rows: TMerchantListRow[] }>().rows.map((row) => row.name);
}

describe('merchants in German order, found without umlauts', () => {
  const names = [
    'Sortierprobe Zander',
    'Sortierprobe Äpfel',
    'Sortierprobe Apfelbaum',
    'sortierprobe Kiosk',
    'Sortierprobe Ölmühle',
    'Sortierprobe Oase',
    'Sortierprobe Straße',
    'Sortierprobe Strand',
    'Sortierprobe Éclair',
    'Sortierprobe Ufer',
  ];
  beforeAll(async () => {
    for (const name of names) {
      const response = await t.api('POST', '/merchants', 'admin', merchantBody(name));
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('lists them in the order of Intl.Collator("de"), whatever the database collation', async () => {
    const german = [...names].sort(new Intl.Collator('de').compare);
    expect(await listed('Sortierprobe')).toEqual(german);
    // Umlauts as their letters, not after "z" as the bytes would put them.
    expect(german.indexOf('Sortierprobe Äpfel')).toBeLessThan(
      german.indexOf('Sortierprobe Zander'),
    );
  });

  it('finds "Bäckerei" by "back", "Straße" by "strasse", "Ölmühle" by "OLMUHLE"', async () => {
    expect(await listed('back')).toContain('Bäckerei Sonnenschein GmbH');
    expect(await listed('BÄCK')).toContain('Bäckerei Sonnenschein GmbH');
    expect(await listed('strasse')).toEqual(['Sortierprobe Straße']);
    expect(await listed('OLMUHLE')).toEqual(['Sortierprobe Ölmühle']);
    expect(await listed('eclair')).toEqual(['Sortierprobe Éclair']);
    // LIKE's wildcards are taken literally, also after folding.
    expect(await listed('%')).toEqual([]);
    expect(await listed('_')).toEqual([]);
  });

  it('finds them so in the site search too', async () => {
    const response = await t.api('GET', '/ac/site-search?q=back', 'admin');
    const labels = response.json<{ hits: { label: string }[] }>().hits.map((hit) => hit.label);
    expect(labels.some((label) => label.startsWith('Bäckerei Sonnenschein'))).toBe(true);
  });

  it('folds a name alike on every database: the key is the reference fold of each letter', async () => {
    // Independent of the migration's tables: Unicode's decomposition without its marks.
    const special: Record<string, string> = { ß: 'ss', Æ: 'ae', æ: 'ae', Œ: 'oe', œ: 'oe' };
    const letters: string[] = [];
    for (let code = 0x41; code <= 0x17f; code += 1) {
      const letter = String.fromCharCode(code);
      const base = letter.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      if (special[letter] || (base.length === 1 && /[A-Za-z]/.test(base))) letters.push(letter);
    }
    const rows = await queryRows<{ letter: string; key: string }>(
      t.ctx.db,
      sql`select letter, fold_name(letter) as key from unnest(${`{${letters.map((l) => `"${l}"`).join(',')}}`}::text[]) as letter`,
    );
    const expected = (letter: string) =>
      special[letter] ??
      letter
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
    const wrong = rows.filter((row) => row.key !== expected(row.letter));
    expect(wrong).toEqual([]);
    expect(rows.length).toBeGreaterThan(150);
    const [spaced] = await queryRows<{ key: string }>(
      t.ctx.db,
      sql`select fold_name(${' Müller \t GmbH\u00a0& Co. KG. '}) as key`,
    );
    expect(spaced?.key).toBe('muller gmbh & co. kg.');
  });
});

describe('one merchant per name (duplicate_value)', () => {
  it('refuses a name another merchant has, in other capitals, umlauts or spaces', async () => {
    for (const name of [
      'Bäckerei Sonnenschein GmbH',
      'BÄCKEREI SONNENSCHEIN GMBH',
      'Backerei  Sonnenschein GmbH',
    ]) {
      const response = await t.api('POST', '/merchants', 'admin', merchantBody(name));
      expect(response.statusCode, name).toBe(409);
      expectProblem(response, { status: 409, message: 'duplicate_value', field: 'name' });
    }
    // A rename to another merchant's name too; its own name is kept.
    const profile = (await t.api('GET', `/merchants/${adler}`, 'admin')).json<{
      version: number;
    }>();
    const renamed = await t.api('POST', `/merchants/${adler}`, 'admin', {
      ...merchantBody('bäckerei sonnenschein gmbh'),
      version: profile.version,
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({ message: 'duplicate_value', field: 'name' });
    const kept = await t.api('POST', `/merchants/${adler}`, 'admin', {
      ...merchantBody('Modehaus Adler GmbH'),
      version: profile.version,
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('creates one of five merchants of one name sent at the same moment', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        t.api(
          'POST',
          '/merchants',
          'admin',
          merchantBody(index % 2 === 0 ? 'Gleichzeitig GmbH' : 'GLEICHZEITIG GMBH'),
        ),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ message: 'duplicate_value', field: 'name' });
    }
    const stored = await t.ctx.db
      .select()
      .from(merchants)
      .where(eq(merchants.nameKey, 'gleichzeitig gmbh'));
    expect(stored).toHaveLength(1);
  });
});

describe('one access-code set per name (duplicate_value)', () => {
  it('refuses a name another set has, in other capitals, and a rename to it', async () => {
    const first = await t.api('POST', '/access-code-sets', 'admin', {
      ...validAccessCodeSet,
      name: 'Herbstaktion Köln',
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await t.api('POST', '/access-code-sets', 'admin', {
      ...validAccessCodeSet,
      name: 'HERBSTAKTION KOLN',
    });
    expect(again.statusCode).toBe(409);
    expectProblem(again, { status: 409, message: 'duplicate_value', field: 'name' });
    const other = await t.api('POST', '/access-code-sets', 'admin', {
      ...validAccessCodeSet,
      name: 'Frühjahrsaktion Köln',
    });
    const { id, version } = other.json<{ access_code_set: { id: string; version: number } }>()
      .access_code_set;
    const renamed = await t.api('POST', `/access-code-sets/${id}`, 'admin', {
      ...validAccessCodeSet,
      name: 'herbstaktion köln',
      version,
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({ message: 'duplicate_value', field: 'name' });
  });

  it('creates one of five sets of one name sent at the same moment', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.api('POST', '/access-code-sets', 'admin', {
          ...validAccessCodeSet,
          name: 'Gleichzeitige Aktion',
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const stored = await t.ctx.db
      .select()
      .from(accessCodeSets)
      .where(eq(accessCodeSets.nameKey, 'gleichzeitige aktion'));
    expect(stored).toHaveLength(1);
  });
});

describe('migration 0022 on a database with names stored twice', () => {
  it('keeps the first of each name and appends the id to the later ones, so that the index builds', async () => {
    const db = t.ctx.db;
    await db.execute(sql`drop index merchants_name_key_unique`);
    await db.execute(sql`drop index access_code_sets_name_key_unique`);
    const inserted = await db
      .insert(merchants)
      .values([
        { name: 'Doppelt KG', createdAt: new Date('2020-01-01T00:00:00Z') },
        { name: 'DOPPELT  KG', createdAt: new Date('2021-01-01T00:00:00Z') },
        { name: 'doppelt kg', createdAt: new Date('2022-01-01T00:00:00Z') },
        { name: `${'Lang'.repeat(50)}`, createdAt: new Date('2020-01-01T00:00:00Z') },
        { name: `${'lang'.repeat(50)}`, createdAt: new Date('2021-01-01T00:00:00Z') },
      ])
      .returning({ id: merchants.id });
    const migration = await readFile(
      path.join(import.meta.dirname, '..', '../src/platform/db/migrations/0022_name_keys.sql'),
      'utf8',
    );
    const statements = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter((statement) => /^(--[^\n]*\n)*\s*UPDATE /.test(statement));
    expect(statements).toHaveLength(2);
    for (const statement of statements) await db.execute(sql.raw(statement));
    await db.execute(
      sql`create unique index merchants_name_key_unique on merchants using btree (name_key collate "C")`,
    );
    await db.execute(
      sql`create unique index access_code_sets_name_key_unique on access_code_sets using btree (name_key)`,
    );
    const rows = await db
      .select({ id: merchants.id, name: merchants.name, version: merchants.version })
      .from(merchants)
      .where(
        inArray(
          merchants.id,
          inserted.map((row) => row.id),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const [first, second, third, long, longer] = inserted.map((row) => byId.get(row.id));
    expect(first).toMatchObject({ name: 'Doppelt KG', version: 1 });
    expect(second).toMatchObject({ name: `DOPPELT  KG (${second?.id.slice(0, 8)})`, version: 2 });
    expect(third).toMatchObject({ name: `doppelt kg (${third?.id.slice(0, 8)})`, version: 2 });
    expect(long?.name).toBe('Lang'.repeat(50));
    expect(longer?.name).toHaveLength(200);
    expect(longer?.name.endsWith(` (${longer.id.slice(0, 8)})`)).toBe(true);
  });
});
