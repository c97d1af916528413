/**
 * Merchant profile API (docs/product.md#merchants, docs/product.md#validation, docs/product.md#roles-and-access, docs/product.md#api-calls): create, save with the
 * spec's validation messages, admin-only fields, computed validity, contacts,
 * and cross-merchant refusal. The merchant image: merchant-image.test.ts.
 * The calls go through the typed client (fixtures/api-client.ts); requests
 * the document refuses to type (invalid bodies, any path in a loop) use `t.api`.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, merchants, users } from '../../../src/platform/db/schema.js';
import { apiClient } from '../../fixtures/api-client.js';
import { createPerson } from '../../factories/index.js';
import { t, ids, profile, useMerchantsApp } from './merchants-fixture.js';
import { expectProblem } from '../../fixtures/problem.js';

useMerchantsApp();

/** The typed client as `who`. */
const as = (who: string) => apiClient(t, who);

/** Saves the profile of merchant `id` as `who`. */
const saveMerchant = (id: string, who: string, body: ReturnType<typeof profile>) =>
  as(who).POST('/api/merchants/{id}', { params: { path: { id } }, body });

describe('POST /merchants (create, docs/product.md#screens-and-routes /create)', () => {
  it('lets a user without merchant create one and become its owner with every role', async () => {
    const { data, error } = await as('fresh').POST('/api/merchants', { body: profile() });
    expect(error).toBeUndefined();
    if (!data) throw new Error('no merchant');
    const { merchant, summary } = data;
    expect(merchant.name).toMatch(/^Neuer Händler \d+ GmbH$/);
    expect(merchant.telephone).toBe('+49891234567');
    expect(merchant.vatin).toBe('DE123456789');
    expect(merchant.internal_name).toBeNull();
    expect(summary.roles).toEqual([
      'manage-merchant',
      'manage-campaigns',
      'manage-accounts',
      'contact',
    ]);
    // The creator holds the contact role, so nothing is missing.
    expect(summary.is_valid).toBe(true);
    const init = await as('fresh').POST('/api/init-user');
    expect(init.data?.merchantinfo.searchtype).toBe('single');
  });

  it('sends a level-0 user in single-merchant mode to the upgrade (403 upgrade_required)', async () => {
    const create = await as('owner').POST('/api/merchants', { body: profile() });
    expect(create.response.status).toBe(403);
    expect(create.error).toMatchObject({ statusCode: 403, message: 'upgrade_required' });
    const edit = await saveMerchant(ids.sonnenschein, 'owner', profile());
    expect(edit.response.status).toBe(403);
    expect(edit.error).toMatchObject({ statusCode: 403, message: 'upgrade_required' });
  });

  it('lets an admin create a merchant without becoming its account: it has no contact yet', async () => {
    const created = await as('admin').POST('/api/merchants', {
      body: profile({ internal_name: 'Intern 1', level: 1 }),
    });
    expect(created.error).toBeUndefined();
    if (!created.data) throw new Error('no merchant');
    const { merchant } = created.data;
    expect(merchant.internal_name).toBe('Intern 1');
    expect(merchant.level).toBe(1);
    // The admin's flag stays set; the errors alone make the merchant invalid.
    expect(merchant.is_valid).toBe(true);
    expect(merchant.errors).toEqual(['Kein Ansprechpartner definiert!']);

    // An admin's later save sends back the flag it was shown: the errors'
    // verdict is not stored as the flag, so the merchant is valid once it
    // has a contact.
    const saved = await saveMerchant(
      merchant.uuid,
      'admin',
      profile({ internal_name: 'Intern 1', level: 1, is_valid: merchant.is_valid }),
    );
    expect(saved.error).toBeUndefined();
    const [row] = await t.ctx.db.select().from(merchants).where(eq(merchants.id, merchant.uuid));
    expect(row?.isValid).toBe(true);
    expect(saved.data?.summary).toMatchObject({
      is_valid: true,
      errors: ['Kein Ansprechpartner definiert!'],
    });
  });
});

describe('GET and POST /merchants/{id}', () => {
  it('answers with every field of the profile', async () => {
    const { data, response } = await as('multi').GET('/api/merchants/{id}', {
      params: { path: { id: ids.adler } },
    });
    expect(response.status).toBe(200);
    expect(Object.keys(data ?? {}).sort()).toEqual(
      [
        'uuid',
        'name',
        'brand_name',
        'internal_name',
        'description',
        'image',
        'level',
        'is_valid',
        'errors',
        'vatin',
        'telephone',
        'email',
        'website',
        'social',
        'contacts',
        'coreg_enabled',
        'coreg_default_suitable',
        'coreg_terms',
        'roles',
        'version',
      ].sort(),
    );
  });

  it('saves the profile and ignores the admin fields of non-admins', async () => {
    const { data, error } = await saveMerchant(
      ids.adler,
      'multi',
      profile({ name: 'Modehaus Adler GmbH & Co.', level: 5, is_valid: false, internal_name: 'x' }),
    );
    expect(error).toBeUndefined();
    expect(data?.merchant.name).toBe('Modehaus Adler GmbH & Co.');
    expect(data?.merchant.level).toBe(1);
    expect(data?.merchant.is_valid).toBe(true);
    const [row] = await t.ctx.db.select().from(merchants).where(eq(merchants.id, ids.adler));
    expect(row?.internalName).toBeNull();
  });

  it('refuses a save from an older version (409 merchant_changed), and of saves sent at once from one version takes one', async () => {
    const current = async () => {
      const { data } = await as('silver').GET('/api/merchants/{id}', {
        params: { path: { id: ids.silberblick } },
      });
      if (!data) throw new Error('no merchant');
      return data;
    };
    const save = (version: number | undefined, description: string) =>
      saveMerchant(
        ids.silberblick,
        'silver',
        profile({ name: 'Café Silberblick', description, version }),
      );
    const { version } = await current();

    const first = await save(version, 'Die erste Änderung');
    expect(first.error).toBeUndefined();
    expect(first.data?.merchant.version).toBe(version + 1);
    // A second editor's copy was read before the first save: refused, not written over it.
    const stale = await save(version, 'Die zweite, ältere Fassung');
    expect(stale.response.status).toBe(409);
    expect(stale.error).toMatchObject({ statusCode: 409, message: 'merchant_changed' });
    expect((await current()).description).toBe('Die erste Änderung');

    // Five saves from the same version at once: one is stored, the others are told.
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => save(version + 1, `Gleichzeitig ${String(n)}`)),
    );
    const stored = answers.filter((answer) => answer.response.status === 200);
    expect(stored).toHaveLength(1);
    expect(answers.filter((answer) => answer.response.status === 409)).toHaveLength(4);
    const after = await current();
    expect(after.version).toBe(version + 2);
    expect(after.description).toBe(stored[0]?.data?.merchant.description);
    // A client that sends no version saves as before.
    expect((await save(undefined, 'Ohne Version')).response.status).toBe(200);
  });

  it('lets admins set level, validity and the internal name; validity drives the summary', async () => {
    const { data, error } = await saveMerchant(
      ids.adler,
      'admin',
      profile({
        name: 'Modehaus Adler GmbH',
        level: 2,
        is_valid: false,
        internal_name: 'Adler intern',
      }),
    );
    expect(error).toBeUndefined();
    expect(data?.merchant).toMatchObject({
      level: 2,
      internal_name: 'Adler intern',
      is_valid: false,
    });
    expect(data?.summary.is_valid).toBe(false);
    await saveMerchant(
      ids.adler,
      'admin',
      profile({ name: 'Modehaus Adler GmbH', level: 1, is_valid: true }),
    );
  });

  it.each([
    [{ contacts: [{ type: '', value: 'x' }] }, 'contact_type_missing', 'contacts.0.type'],
    [{ contacts: [{ type: 'email', value: '  ' }] }, 'contact_value_missing', 'contacts.0.value'],
    [{ contacts: [{ type: 'email' }] }, 'contact_value_missing', 'contacts.0.value'],
    [{ name: '' }, 'required_field_missing', 'name'],
    [{ website: 'neu.example.com' }, 'invalid_url', 'website'],
    [
      {
        social: {
          facebook: 'javascript:alert(1)',
          twitter: '',
          youtube: '',
          pinterest: '',
          instagram: '',
        },
      },
      'invalid_url',
      'social.facebook',
    ],
    [{ telephone: '089 1234567' }, 'invalid_phone', 'telephone'],
    [{ email: 'kein-at' }, 'invalid_email', 'email'],
    [{ coreg_enabled: true }, 'required_field_missing', 'coreg_terms.sponsor_name'],
  ])('refuses %j with %s on %s', async (overrides, message, field) => {
    const response = await t.api('POST', `/merchants/${ids.adler}`, 'multi', profile(overrides));
    expect(response.statusCode).toBe(400);
    // The field first; others the same values leave invalid are named beside it.
    const refused = expectProblem(response, {
      status: 400,
      message,
      field,
      errors: expect.arrayContaining([{ field, message }]),
    });
    expect(refused.errors[0]).toEqual({ field, message });
  });

  it('requires the co-reg terms only when co-reg is on', async () => {
    const { data, error } = await saveMerchant(
      ids.adler,
      'multi',
      profile({
        name: 'Modehaus Adler GmbH',
        coreg_enabled: true,
        coreg_default_suitable: true,
        coreg_terms: {
          sponsor_name: 'Modehaus Adler GmbH',
          unsubscribe_email: 'abmelden@adler.example.com',
          privacy_url: 'https://adler.example.com/datenschutz',
          contact_text: 'Modehaus Adler GmbH, Hauptstraße 1, 12345 Musterstadt',
        },
      }),
    );
    expect(error).toBeUndefined();
    expect(data?.merchant.coreg_default_suitable).toBe(true);
  });

  it('refuses other merchants’ ids with 404 and a missing role with 403', async () => {
    for (const [method, url] of [
      ['GET', `/merchants/${ids.sonnenschein}`],
      ['POST', `/merchants/${ids.sonnenschein}`],
      ['GET', `/merchants/${ids.sonnenschein}/images`],
      ['POST', `/merchants/${ids.sonnenschein}/images`],
      ['GET', `/merchants/${ids.sonnenschein}/contacts`],
    ] as const) {
      const response = await t.api(
        method,
        url,
        'silver',
        method === 'POST' ? profile() : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const staff = await saveMerchant(ids.sonnenschein, 'staff', profile());
    expect(staff.response.status).toBe(403);
    expect(staff.error).toMatchObject({ statusCode: 403, message: 'forbidden' });
  });

  it('lets agencies edit their linked merchants only', async () => {
    const own = await saveMerchant(ids.adler, 'agency', profile({ name: 'Modehaus Adler GmbH' }));
    expect(own.response.status).toBe(200);
    const other = await as('agency').GET('/api/merchants/{id}', {
      params: { path: { id: ids.silberblick } },
    });
    expect(other.response.status).toBe(404);
  });

  it('creates one merchant of five sent at once by a user without one (a double click)', async () => {
    await t.signInAs({ double: await createPerson(t.ctx.db, { email: 'double@example.com' }) });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => as('double').POST('/api/merchants', { body: profile() })),
    );
    expect(answers.map((answer) => answer.response.status).sort()).toEqual([
      200, 403, 403, 403, 403,
    ]);
    const refused = answers.find((answer) => answer.response.status === 403);
    expect(refused?.error).toMatchObject({ statusCode: 403, message: 'upgrade_required' });
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, 'double@example.com'));
    const memberships = await t.ctx.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, String(user?.id)));
    expect(memberships).toHaveLength(1);
  });

  it('lists the contacts, phone numbers without their spaces', async () => {
    const { data } = await as('multi').GET('/api/merchants/{id}/contacts', {
      params: { path: { id: ids.adler } },
    });
    expect(data).toEqual({ contacts: [{ type: 'phone', value: '+49891' }] });
  });
});
