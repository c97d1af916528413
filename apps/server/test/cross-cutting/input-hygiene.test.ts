/**
 * Input the schemas used to accept and the database then refused: every such request answers 400 with a message key and the
 * field, writes nothing, and leaves every list answering. Texts and dates
 * on the campaign, merchant, location and tag routes; ids and uploads:
 * input-hygiene-ids.test.ts.
 */
import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_TEXT_LIMITS,
  emptyCampaignContent,
  type TCampaignEnvelope,
} from '@backoffice/domain';
import { campaigns } from '../../src/platform/db/schema.js';
import {
  t,
  sonnenschein,
  campaignId,
  locationId,
  expectListsAnswer,
  expectRefused,
  useInputHygieneApp,
} from './input-hygiene-fixture.js';

useInputHygieneApp();

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
