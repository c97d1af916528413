/**
 * Tokens for integrators (docs/product.md#tokens-for-integrators,
 * docs/decisions/043-integrator-tokens.md): who creates, lists and revokes
 * them, the secret shown once and stored as a hash, the roles a token may
 * carry, the limit of live tokens (also under concurrent creations: run on
 * PostgreSQL with TEST_DATABASE_URL), and what a token may do as a caller:
 * read or write, its merchant only, its roles only, nothing about a person,
 * and 401 once expired or revoked.
 */
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_TOKENS_MAX,
  type TApiTokenCreated,
  type TApiTokenList,
  type TCampaignEnvelope,
} from '@backoffice/domain';
import { apiTokens, campaigns, idempotencyKeys } from '../../../src/platform/db/schema.js';
import {
  createAdmin,
  createAgency,
  createMerchant,
  createMerchantWithOwner,
  createPerson,
} from '../../factories/index.js';
import { bearer, createTestApp, type TestApp } from '../../helpers.js';

/** A valid merchant profile body (the same as the authorization matrix's). */
const profile = {
  name: 'Token GmbH',
  brand_name: 'Token',
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
};

describe('tokens for integrators', () => {
  let t: TestApp;
  /** Level 1 (no please-upgrade rule), with an owner; another merchant; one the agency is linked to. */
  const ids = { merchant: '', other: '', linked: '', unlinked: '' };
  let ownerId = '';
  let ownerEmail = '';

  const create = async (who: string, merchant: string, body: object) =>
    t.api('POST', `/merchants/${merchant}/api-tokens`, who, body);
  /** A token of the merchant made by `who`, its secret put under `name` in t.tokens. */
  const token = async (
    name: string,
    body: { roles: string[]; access: 'read' | 'write'; expiresAt?: string },
    { who = 'owner', merchant = ids.merchant } = {},
  ): Promise<TApiTokenCreated> => {
    const response = await create(who, merchant, { name, ...body });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<TApiTokenCreated>();
    t.tokens[name] = created.secret;
    return created;
  };
  const list = async (merchant = ids.merchant) => {
    const response = await t.api('GET', `/merchants/${merchant}/api-tokens`, 'owner');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TApiTokenList>().items;
  };
  const all = ['manage-merchant', 'manage-campaigns', 'manage-accounts', 'contact'];

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.ctx.db;
    const owned = await createMerchantWithOwner(db, { level: 1 });
    ids.merchant = owned.merchant.id;
    ownerId = owned.owner.id;
    ownerEmail = owned.owner.email;
    ids.other = (await createMerchant(db, { level: 1 })).id;
    ids.linked = (await createMerchant(db)).id;
    ids.unlinked = (await createMerchant(db)).id;
    await t.signInAs({
      owner: owned.owner,
      admin: await createAdmin(db),
      agency: await createAgency(db, [ids.linked]),
      staff: await createPerson(db, {
        memberships: [{ merchantId: ids.merchant, roles: ['manage-campaigns'] }],
      }),
      accountManager: await createPerson(db, {
        memberships: [{ merchantId: ids.merchant, roles: ['manage-accounts', 'contact'] }],
      }),
      stranger: await createPerson(db, { memberships: [ids.other] }),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('managing them', () => {
    it('creates a token whose secret is shown once and stored as its hash only', async () => {
      const created = await token('crm', {
        roles: ['manage-campaigns'],
        access: 'read',
        expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      });
      expect(created.secret).toMatch(/^cbt_[A-Za-z0-9_-]{43}$/);
      expect(created.token).toMatchObject({
        name: 'crm',
        roles: ['manage-campaigns'],
        access: 'read',
        prefix: created.secret.slice(0, 12),
        createdBy: { id: ownerId, email: ownerEmail },
        lastUsedAt: null,
        revokedAt: null,
      });
      expect(created.token.expiresAt).not.toBeNull();

      const listed = await t.api('GET', `/merchants/${ids.merchant}/api-tokens`, 'owner');
      expect(listed.body).not.toContain(created.secret);
      expect(listed.json<TApiTokenList>().items[0]).toEqual(created.token);

      const [row] = await t.ctx.db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.id, created.token.id));
      expect(row?.tokenHash).toBe(createHash('sha256').update(created.secret).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(created.secret);
    });

    it('revokes a token: it answers 401 at once and stays listed as revoked', async () => {
      const created = await token('revoked', { roles: ['contact'], access: 'read' });
      expect((await t.api('GET', `/merchants/${ids.merchant}`, 'revoked')).statusCode).toBe(200);

      const revoked = await t.api('DELETE', `/api-tokens/${created.token.id}`, 'owner');
      expect(revoked.statusCode).toBe(204);
      const refused = await t.api('GET', `/merchants/${ids.merchant}`, 'revoked');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ statusCode: 401, message: 'unauthorized' });
      expect(refused.headers['www-authenticate']).toContain('error="invalid_token"');
      const entry = (await list()).find((item) => item.id === created.token.id);
      expect(entry?.revokedAt).not.toBeNull();
      // Revoking again changes nothing.
      expect((await t.api('DELETE', `/api-tokens/${created.token.id}`, 'owner')).statusCode).toBe(
        204,
      );
    });

    it('lists newest first', async () => {
      await token('first', { roles: ['contact'], access: 'read' });
      await token('second', { roles: ['contact'], access: 'read' });
      const names = (await list()).map((item) => item.name);
      expect(names.indexOf('second')).toBeLessThan(names.indexOf('first'));
    });

    it('gives a token only roles its creator holds for the merchant', async () => {
      const refused = await create('accountManager', ids.merchant, {
        name: 'too much',
        roles: ['contact', 'manage-merchant'],
        access: 'write',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ statusCode: 403, message: 'forbidden' });
      const allowed = await create('accountManager', ids.merchant, {
        name: 'enough',
        roles: ['contact', 'manage-accounts'],
        access: 'write',
      });
      expect(allowed.statusCode, allowed.body).toBe(201);
    });

    it('is for those who manage the merchant’s accounts', async () => {
      const body = { name: 'x', roles: ['contact'], access: 'read' };
      expect((await create('staff', ids.merchant, body)).statusCode).toBe(403);
      expect((await create('stranger', ids.merchant, body)).statusCode).toBe(404);
      expect((await create('admin', ids.merchant, body)).statusCode).toBe(201);
      expect(
        (await t.api('GET', `/merchants/${ids.merchant}/api-tokens`, 'staff')).statusCode,
      ).toBe(403);
      const mine = (await list())[0];
      const foreignRevoke = await t.api('DELETE', `/api-tokens/${String(mine?.id)}`, 'stranger');
      expect(foreignRevoke.statusCode).toBe(404);
    });

    it('lets an agency make tokens for a merchant it is linked to, not for another', async () => {
      const body = { name: 'agentur', roles: all, access: 'write' };
      expect((await create('agency', ids.linked, body)).statusCode).toBe(201);
      const refused = await create('agency', ids.unlinked, body);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ statusCode: 404, message: 'not_found' });
    });

    it('refuses a past expiry, one more than a year ahead, no roles and an empty name', async () => {
      const bodies = [
        { name: 'x', roles: ['contact'], access: 'read', expiresAt: '2020-01-01T00:00:00Z' },
        {
          name: 'x',
          roles: ['contact'],
          access: 'read',
          expiresAt: new Date(Date.now() + 400 * 86_400_000).toISOString(),
        },
        { name: 'x', roles: [], access: 'read' },
        { name: ' ', roles: ['contact'], access: 'read' },
        { name: 'x', roles: ['contact'], access: 'admin' },
      ];
      for (const body of bodies) {
        const response = await create('owner', ids.merchant, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      const expiry = await create('owner', ids.merchant, bodies[0] ?? {});
      expect(expiry.json()).toMatchObject({ statusCode: 400, field: 'expiresAt' });
    });

    it('lets no token manage tokens', async () => {
      await token('manager', { roles: all, access: 'write' });
      const listed = await t.api('GET', `/merchants/${ids.merchant}/api-tokens`, 'manager');
      expect(listed.statusCode).toBe(403);
      const made = await create('manager', ids.merchant, {
        name: 'child',
        roles: ['contact'],
        access: 'read',
      });
      expect(made.statusCode).toBe(403);
      const mine = (await list())[0];
      const revoked = await t.api('DELETE', `/api-tokens/${String(mine?.id)}`, 'manager');
      expect(revoked.statusCode).toBe(403);
    });

    it('answers a retried creation with the same Idempotency-Key once, without keeping the secret in plain text', async () => {
      const headers = { 'idempotency-key': 'api-token-retry-1' };
      const body = { name: 'idempotent', roles: ['contact'], access: 'read' };
      const first = await t.api(
        'POST',
        `/merchants/${ids.merchant}/api-tokens`,
        'owner',
        body,
        headers,
      );
      const again = await t.api(
        'POST',
        `/merchants/${ids.merchant}/api-tokens`,
        'owner',
        body,
        headers,
      );
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      const secret = first.json<TApiTokenCreated>().secret;
      expect(again.json<TApiTokenCreated>().secret).toBe(secret);
      expect((await list()).filter((item) => item.name === 'idempotent')).toHaveLength(1);
      const kept = await t.ctx.db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, 'api-token-retry-1'));
      expect(kept).toHaveLength(1);
      expect(JSON.stringify(kept)).not.toContain(secret);
    });
  });

  describe('the limit of live tokens', () => {
    it(`keeps at most ${API_TOKENS_MAX} live tokens, also when many are created at once`, async () => {
      const merchant = (await createMerchant(t.ctx.db)).id;
      const body = { roles: ['contact'], access: 'read' as const };
      // An expired and a revoked token do not count.
      const expired = await token('old', body, { who: 'admin', merchant });
      await t.ctx.db
        .update(apiTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(apiTokens.id, expired.token.id));
      const revoked = await token('gone', body, { who: 'admin', merchant });
      await t.api('DELETE', `/api-tokens/${revoked.token.id}`, 'admin');
      for (let n = 0; n < API_TOKENS_MAX - 5; n += 1) {
        await token(`live-${n}`, body, { who: 'admin', merchant });
      }
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, n) =>
          create('admin', merchant, { name: `race-${n}`, ...body }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([...Array(5).fill(201), ...Array(5).fill(409)]);
      const refused = answers.find((answer) => answer.statusCode === 409);
      expect(refused?.json()).toMatchObject({
        statusCode: 409,
        message: 'api_token_limit_reached',
      });
      const live = (await t.api('GET', `/merchants/${merchant}/api-tokens`, 'admin'))
        .json<TApiTokenList>()
        .items.filter((item) => item.revokedAt === null && item.name !== 'old');
      expect(live).toHaveLength(API_TOKENS_MAX);
    });
  });

  describe('a token as a caller', () => {
    beforeAll(async () => {
      await token('reader', { roles: all, access: 'read' });
      await token('writer', { roles: all, access: 'write' });
      await token('campaigner', { roles: ['manage-campaigns'], access: 'write' });
    });

    it('reads with a read token, and is refused POST, PUT and DELETE with it', async () => {
      expect((await t.api('GET', `/merchants/${ids.merchant}`, 'reader')).statusCode).toBe(200);
      const writes = [
        await t.api('POST', '/campaigns', 'reader', {
          merchant: ids.merchant,
          type: 'coupon/percent',
        }),
        // No route takes PATCH; PUT is refused the same way.
        await t.api('PUT', `/webhooks/${randomUUID()}`, 'reader', {
          url: 'https://93.184.215.14/hook',
          events: ['campaign.approved'],
        }),
        await t.api('DELETE', `/merchants/${ids.merchant}/images`, 'reader'),
      ];
      for (const answer of writes) {
        expect(answer.statusCode).toBe(403);
        expect(answer.json()).toMatchObject({ statusCode: 403, message: 'forbidden' });
      }
    });

    it('creates a campaign for its merchant with a write token, in its creator’s name', async () => {
      const created = await t.api('POST', '/campaigns', 'writer', {
        merchant: ids.merchant,
        type: 'coupon/percent',
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json<TCampaignEnvelope>().campaign.uuid;
      const [row] = await t.ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
      expect(row?.editorId).toBe(ownerId);
      // The list without exact_merchant is the token's merchant's.
      const listed = await t.api('GET', '/campaigns', 'writer');
      expect(listed.statusCode).toBe(200);
      expect(listed.body).toContain(id);
    });

    it('finds no other merchant’s campaign or merchant (404)', async () => {
      const foreign = await t.api('POST', '/campaigns', 'admin', {
        merchant: ids.other,
        type: 'coupon/percent',
      });
      const id = foreign.json<TCampaignEnvelope>().campaign.uuid;
      for (const answer of [
        await t.api('GET', `/campaigns/${id}`, 'writer'),
        await t.api('POST', `/campaigns/${id}`, 'writer', {}),
        await t.api('GET', `/merchants/${ids.other}`, 'writer'),
        await t.api('POST', '/campaigns', 'writer', {
          merchant: ids.other,
          type: 'coupon/percent',
        }),
      ]) {
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toMatchObject({ statusCode: 404, message: 'not_found' });
      }
      const listed = await t.api('GET', '/campaigns', 'writer');
      expect(listed.body).not.toContain(id);
      const asked = await t.api('GET', `/campaigns?exact_merchant=${ids.other}`, 'writer');
      expect(asked.statusCode).toBe(404);
    });

    it('needs the role: a token with manage-campaigns only may not edit the merchant profile', async () => {
      const edited = await t.api('POST', `/merchants/${ids.merchant}`, 'campaigner', profile);
      expect(edited.statusCode).toBe(403);
      expect(edited.json()).toMatchObject({ statusCode: 403, message: 'forbidden' });
      const saved = await t.api('POST', `/merchants/${ids.merchant}`, 'writer', profile);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(
        (await t.api('GET', `/merchants/${ids.merchant}/accounts`, 'campaigner')).statusCode,
      ).toBe(403);
    });

    it('is never an admin: admin routes answer 403', async () => {
      expect((await t.api('GET', '/review/campaigns', 'writer')).statusCode).toBe(403);
      expect((await t.api('GET', '/admin/api-keys', 'writer')).statusCode).toBe(403);
    });

    it('refuses what is about a person with 403', async () => {
      for (const [method, url] of [
        ['GET', '/my/password'],
        ['GET', '/my/sessions'],
        ['GET', '/my/two-factor'],
        ['POST', '/init-user'],
        ['POST', '/session/logout'],
        ['GET', '/merchants'],
        ['GET', `/merchants/${ids.merchant}/notifications`],
      ] as const) {
        const answer = await t.api(method, url, 'writer');
        expect(answer.statusCode, `${method} ${url}`).toBe(403);
      }
      const linked = await t.api('GET', `/merchants/${ids.merchant}/linked-with-account`, 'writer');
      expect(linked.statusCode).toBe(200);
    });

    it('answers 401 once expired, and 401 for an unknown secret', async () => {
      const created = await token('expiring', { roles: all, access: 'read' });
      expect((await t.api('GET', `/merchants/${ids.merchant}`, 'expiring')).statusCode).toBe(200);
      await t.ctx.db
        .update(apiTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(apiTokens.id, created.token.id));
      const expired = await t.api('GET', `/merchants/${ids.merchant}`, 'expiring');
      expect(expired.statusCode).toBe(401);
      expect(expired.headers['www-authenticate']).toContain('error="invalid_token"');
      const unknown = await t.app.inject({
        method: 'GET',
        url: `/api/merchants/${ids.merchant}`,
        headers: bearer(`cbt_${'A'.repeat(43)}`),
      });
      expect(unknown.statusCode).toBe(401);
    });

    it('marks when it was last used', async () => {
      const created = await token('used', { roles: all, access: 'read' });
      expect(created.token.lastUsedAt).toBeNull();
      await t.api('GET', `/merchants/${ids.merchant}`, 'used');
      const entry = (await list()).find((item) => item.id === created.token.id);
      expect(entry?.lastUsedAt).not.toBeNull();
    });
  });
});
