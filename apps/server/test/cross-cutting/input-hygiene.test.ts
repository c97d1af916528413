/**
 * Input the schemas used to accept and the database then refused: every such request answers 400 with a message key and the
 * field, writes nothing, and leaves every list answering. Ids, texts, dates,
 * uploads and over-long paths, on the campaign, merchant, location and tag
 * routes.
 */
import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_TEXT_LIMITS,
  emptyCampaignContent,
  type TCampaignEnvelope,
  type TLocationImportJob,
} from '@backoffice/domain';
import { campaigns, locations } from '../../src/platform/db/schema.js';
import {
  createAdmin,
  createAgency,
  createMerchant,
  createMerchantWithOwner,
} from '../factories/index.js';
import { bearer, createTestApp, type Method, type TestApp } from '../helpers.js';
import { multipartFile } from '../fixtures/multipart.js';
import { tableDigest } from '../fixtures/table-digest.js';

let t: TestApp;
let sonnenschein = '';
let campaignId = '';
let locationId = '';

/** The list, the campaign and the review queue still answer. */
async function expectListsAnswer() {
  expect(
    (await t.api('GET', `/campaigns?exact_merchant=${sonnenschein}`, 'owner')).statusCode,
  ).toBe(200);
  expect((await t.api('GET', '/campaigns', 'admin')).statusCode).toBe(200);
  expect((await t.api('GET', '/review/campaigns', 'admin')).statusCode).toBe(200);
  expect((await t.api('GET', `/campaigns/${campaignId}`, 'owner')).statusCode).toBe(200);
}

/** A request answered 400 invalid_value for the field, and nothing written. */
async function expectRefused(request: () => ReturnType<TestApp['api']>, field: string) {
  const before = await tableDigest(t.ctx.db);
  const response = await request();
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({ statusCode: 400, message: 'invalid_value', field });
  expect(await tableDigest(t.ctx.db)).toEqual(before);
}

beforeAll(async () => {
  t = await createTestApp();
  const { merchant, owner } = await createMerchantWithOwner(t.ctx.db);
  sonnenschein = merchant.id;
  await t.signInAs({
    owner,
    admin: await createAdmin(t.ctx.db),
    agency: await createAgency(t.ctx.db, [(await createMerchant(t.ctx.db)).id]),
  });
  const created = await t.api('POST', '/campaigns', 'owner', {
    merchant: sonnenschein,
    type: 'coupon/percent',
  });
  campaignId = created.json<TCampaignEnvelope>().campaign.uuid;
  await t.api('POST', `/campaigns/${campaignId}`, 'owner', { title: { de: 'Sommerfest' } });
  const location = await t.api('POST', `/merchants/${sonnenschein}/locations`, 'owner', {
    name: 'Filiale',
    street: 'Marktplatz',
    streetnumber: '1',
    zip: '80331',
    city: 'München',
    country: 'DE',
    use_anyway: true,
  });
  locationId = location.json<{ location: { id: string } }>().location.id;
});
afterAll(async () => {
  await t.close();
});

describe('campaign text limits', () => {
  it('refuses a title of 10,001 and of 20,000 characters, stores nothing, and every list answers', async () => {
    for (const length of [10_001, 20_000, CAMPAIGN_TEXT_LIMITS.title + 1]) {
      await expectRefused(
        () =>
          t.api('POST', `/campaigns/${campaignId}`, 'owner', { title: { de: 'T'.repeat(length) } }),
        'title.de',
      );
    }
    await expectListsAnswer();
    const [row] = await t.ctx.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(row?.title).toEqual({ de: 'Sommerfest' });
  });

  it('takes a title at the limit and answers it everywhere', async () => {
    const title = 'Ä'.repeat(CAMPAIGN_TEXT_LIMITS.title);
    const saved = await t.api('POST', `/campaigns/${campaignId}`, 'owner', {
      title: { de: title },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TCampaignEnvelope>().campaign.title.de).toBe(title);
    await expectListsAnswer();
    await t.api('POST', `/campaigns/${campaignId}`, 'owner', { title: { de: 'Sommerfest' } });
  });

  it('refuses a WYSIWYG description that sanitising takes past its limit', async () => {
    const paragraph = '<p>Brot & Butter, Kaffee & Kuchen</p>';
    const description = paragraph.repeat(
      Math.floor(CAMPAIGN_TEXT_LIMITS.description / paragraph.length),
    );
    expect(description.length).toBeLessThanOrEqual(CAMPAIGN_TEXT_LIMITS.description);
    await expectRefused(
      () =>
        t.api('POST', `/campaigns/${campaignId}`, 'owner', {
          description: { de: description },
          description_format: 'wysiwyg',
        }),
      'description.de',
    );
    await expectListsAnswer();
  });
});

describe('texts no database can store', () => {
  const save = (body: object) => () => t.api('POST', `/campaigns/${campaignId}`, 'owner', body);

  it('refuses a NUL character in any text of a campaign', async () => {
    await expectRefused(save({ title: { de: 'Sommer\u0000fest' } }), 'title.de');
    await expectRefused(save({ short_description: { en: '\u0000' } }), 'short_description.en');
    await expectRefused(save({ rules: ['ok', 'a\u0000'] }), 'rules.1');
    await expectRefused(save({ tags: ['\u0000'] }), 'tags.0');
    await expectRefused(
      save({
        prizes: [{ count: 1, value: 100, name: 'Preis\u0000', redemption: 'download' }],
      }),
      'prizes.0.name',
    );
    await expectRefused(
      save({ coupon: { code_type: 'single', single_code: 'CODE\u0000' } }),
      'coupon.single_code',
    );
  });

  it('refuses an unpaired surrogate in any text of a campaign, and in a key', async () => {
    await expectRefused(save({ title: { de: 'Sommer\uD800fest' } }), 'title.de');
    await expectRefused(save({ description: { de: '\uDC00' } }), 'description.de');
    await expectRefused(save({ thank_you_text: 'Danke\uD83D' }), 'thank_you_text');
    await expectRefused(save({ title: { '\u0000': 'x' } }), 'title.\uFFFD');
    expect(
      (await save({ title: { de: 'Sommerfest \u{1F389}' } })()).json<TCampaignEnvelope>().campaign
        .title.de,
    ).toBe('Sommerfest \u{1F389}');
    await save({ title: { de: 'Sommerfest' } })();
  });

  it('refuses a body nested thousands deep at once, before it is walked or read', async () => {
    // Written as text: JSON.stringify itself cannot go that deep.
    const nested = (depth: number) =>
      `{"title":{"de":"Sommerfest"},"rules":${'['.repeat(depth)}"Regel"${']'.repeat(depth)}}`;
    for (const depth of [40, 20_000]) {
      const refused = await t.api('POST', `/campaigns/${campaignId}`, 'owner', nested(depth), {
        'content-type': 'application/json',
      });
      expect(refused.statusCode, String(depth)).toBe(400);
      expect(refused.json()).toMatchObject({ message: 'bad_input', field: 'body' });
    }
    // A NUL a few levels down is still found, and named by its field.
    await expectRefused(save({ prizes: [{ name: 'a', kids: [[['\u0000']]] }] }), 'prizes.0');
  });

  it('refuses a NUL character in filters, site search and tags', async () => {
    await expectRefused(
      () => t.api('GET', '/campaigns?filter_campaign=a%00b', 'owner'),
      'filter_campaign',
    );
    await expectRefused(() => t.api('GET', '/merchants?filter=%00', 'owner'), 'filter');
    await expectRefused(() => t.api('GET', '/ac/site-search?q=M%00', 'owner'), 'q');
    await expectRefused(() => t.api('GET', '/ac/tags?q=%00', 'agency'), 'q');
    await expectRefused(() => t.api('POST', '/tags', 'agency', { name: 'tag\u0000' }), 'name');
    await expectRefused(() => t.api('POST', '/tags', 'agency', { name: '\uD800' }), 'name');
    await expectRefused(
      () => t.api('POST', `/campaigns/${campaignId}/reject`, 'admin', { reason: '\u0000' }),
      'reason',
    );
  });

  it('refuses a NUL character or an unpaired surrogate in merchant and location texts', async () => {
    const profile = { name: 'Bäckerei Sonnenschein GmbH' };
    await expectRefused(
      () =>
        t.api('POST', `/merchants/${sonnenschein}`, 'admin', { ...profile, description: '\u0000' }),
      'description',
    );
    await expectRefused(
      () =>
        t.api('POST', `/merchants/${sonnenschein}`, 'admin', {
          ...profile,
          contacts: [{ type: 'email', value: '\uDFFF' }],
        }),
      'contacts.0.value',
    );
    await expectRefused(() => t.api('POST', '/merchants', 'admin', { name: 'Neu\u0000' }), 'name');
    const address = {
      name: 'Filiale',
      street: 'Markt\u0000platz',
      zip: '80331',
      city: 'München',
      country: 'DE',
      use_anyway: true,
    };
    await expectRefused(
      () => t.api('POST', `/merchants/${sonnenschein}/locations`, 'owner', address),
      'street',
    );
    await expectRefused(
      () =>
        t.api('POST', `/merchants/${sonnenschein}/locations/${locationId}`, 'owner', {
          ...address,
          street: 'Marktplatz',
          opening_hours: '\uD800',
        }),
      'opening_hours',
    );
  });

  it('refuses dates outside 1970 to 9999', async () => {
    await expectRefused(save({ valid_from: '0000-01-01T00:00:00Z' }), 'valid_from');
    await expectRefused(save({ valid_until: '0001-01-01T00:00:00Z' }), 'valid_until');
    await expectRefused(save({ valid_until: '9999-12-31T23:30:00-01:00' }), 'valid_until');
    await expectRefused(save({ coupon: { expiry: '1969-12-31T23:59:59Z' } }), 'coupon.expiry');
    expect((await save({ valid_from: '2030-01-01T00:00:00+01:00' })()).statusCode).toBe(200);
  });
});

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
        expect(response.json()).toEqual({ statusCode: 400, message: 'invalid_value', field });
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

describe('the title index', () => {
  it('takes a title of 3,000 incompressible characters, which no longer fits a whole-title index', async () => {
    // Stored directly: the API refuses such a title, but a row written before the limit may hold one.
    const title = Array.from({ length: 3000 }, () =>
      String.fromCodePoint(0x4e00 + randomInt(20_000)),
    ).join('');
    const [row] = await t.ctx.db
      .insert(campaigns)
      .values({
        merchantId: sonnenschein,
        type: 'coupon/percent',
        title: { de: title },
        content: emptyCampaignContent(),
      })
      .returning({ id: campaigns.id });
    expect(row?.id).toBeTruthy();
    await t.ctx.db.delete(campaigns).where(eq(campaigns.id, String(row?.id)));
  });

  it('brings texts and dates stored before the limits within them, so that their campaigns answer again', async () => {
    const long = '\u{1F389}'.repeat(150) + 'x'.repeat(20_000);
    const [row] = await t.ctx.db
      .insert(campaigns)
      .values({
        merchantId: sonnenschein,
        type: 'coupon/percent',
        title: { de: long, en: 'Kurz' },
        content: {
          ...emptyCampaignContent(),
          title: { de: long, en: 'Kurz' },
          short_description: { de: long },
          description: { de: `<p>${long}</p>` },
          landing_page: `https://example.com/${'a'.repeat(3000)}`,
          valid_from: '1900-01-01T00:00:00.000Z',
          coupon: { ...emptyCampaignContent().coupon, expiry: '0000-01-01T00:00:00Z' },
        },
        validFrom: new Date('1900-01-01T00:00:00Z'),
      })
      .returning({ id: campaigns.id });
    const id = String(row?.id);
    const migration = await readFile(
      path.join(
        import.meta.dirname,
        '..',
        '../src/platform/db/migrations/0010_campaign_title_sort_key.sql',
      ),
      'utf8',
    );
    await t.ctx.db.transaction(async (tx) => {
      for (const statement of migration.split('--> statement-breakpoint')) {
        await tx.execute(sql.raw(statement));
      }
    });
    const answer = await t.api('GET', `/campaigns/${id}`, 'owner');
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    const { campaign } = answer.json<TCampaignEnvelope>();
    expect(campaign.title.de?.length).toBeLessThanOrEqual(CAMPAIGN_TEXT_LIMITS.title);
    expect(campaign.title.de?.startsWith('\u{1F389}'.repeat(50))).toBe(true);
    expect(campaign.title.en).toBe('Kurz');
    expect(campaign.short_description.de?.length).toBeLessThanOrEqual(
      CAMPAIGN_TEXT_LIMITS.short_description,
    );
    expect(campaign.description.de?.length).toBeLessThanOrEqual(CAMPAIGN_TEXT_LIMITS.description);
    expect(campaign.landing_page).toBe('');
    expect([campaign.valid_from, campaign.coupon.expiry]).toEqual([null, null]);
    await expectListsAnswer();
    await t.ctx.db.delete(campaigns).where(eq(campaigns.id, id));
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
    expect(response.json()).toEqual({
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
