/**
 * Campaigns API: creating and opening a campaign of each type, and saving its
 * steps (limits of the texts, what a save keeps). The calls go through the
 * typed client (fixtures/api-client.ts), so that a renamed path or field
 * fails these tests' type check; requests the document cannot type (any
 * path in a loop) use `t.api`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../fixtures/api-client.js';
import {
  createAdmin,
  createAgency,
  createMerchant,
  createMerchantWithOwner,
  createPerson,
} from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../helpers.js';
import { expectProblem } from '../../fixtures/problem.js';

let t: TestApp;
const ids = { sonnenschein: '', silberblick: '', adler: '', huber: '' };

const HOUR = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const LONG_TEXT = 'Ein Gewinnspiel mit tollen Preisen. '.repeat(8);

/** The typed client as `who`. */
const as = (who: string) => apiClient(t, who);

async function create(who: string, merchant: string, type: string) {
  const { data, error } = await as(who).POST('/api/campaigns', { body: { merchant, type } });
  expect(error).toBeUndefined();
  if (!data) throw new Error('no campaign');
  return data;
}

beforeAll(async () => {
  t = await createTestApp({ AGENCY_AUTO_APPROVE_SECONDS: '0' });
  const bakery = await createMerchantWithOwner(t.ctx.db);
  const silver = await createMerchantWithOwner(t.ctx.db, { level: 1 });
  ids.sonnenschein = bakery.merchant.id;
  ids.silberblick = silver.merchant.id;
  ids.adler = (await createMerchant(t.ctx.db, { level: 1 })).id;
  ids.huber = (await createMerchant(t.ctx.db)).id;
  await t.signInAs({
    admin: await createAdmin(t.ctx.db),
    agency: await createAgency(t.ctx.db, [ids.adler]),
    owner: bakery.owner,
    silver: silver.owner,
    staff: await createPerson(t.ctx.db, {
      email: 'staff@example.com',
      memberships: [{ merchantId: ids.sonnenschein, roles: ['manage-campaigns'] }],
    }),
    // A member of another merchant, as its contact only.
    member: await createPerson(t.ctx.db, {
      memberships: [{ merchantId: ids.huber, roles: ['contact'] }],
    }),
  });
});
afterAll(async () => {
  await t.close();
});

describe('create and open', () => {
  it('creates a campaign in status created for a merchant the user manages campaigns for', async () => {
    const envelope = await create('staff', ids.sonnenschein, 'coupon/percent');
    expect(envelope.campaign).toMatchObject({
      type: 'coupon/percent',
      current_status: 'created',
      is_listable: true,
      participations: 0,
    });
    expect(envelope.campaign.editor).toEqual({ email: 'staff@example.com' });
    expect(envelope.allow_edit).toBe(true);
    expect(envelope.state.is_unfinished).toBe(true);
    expect(envelope.state.errors).toContainEqual({
      step: 'content',
      fld: 'title.de',
      message: 'required_field_missing',
    });
    const opened = await as('owner').GET('/api/campaigns/{id}', {
      params: { path: { id: envelope.campaign.uuid } },
    });
    expect(opened.response.status).toBe(200);
    expect(opened.data?.campaign.uuid).toBe(envelope.campaign.uuid);
  });

  it('refuses an unknown type with invalid_value', async () => {
    const response = await t.api('POST', '/campaigns', 'owner', {
      merchant: ids.sonnenschein,
      type: 'coupon/bogus',
    });
    expect(response.statusCode).toBe(400);
    expectProblem(response, { status: 400, message: 'invalid_value', field: 'type' });
  });

  it('refuses a merchant user tips, allows agencies and admins', async () => {
    expect(
      (
        await t.api('POST', '/campaigns', 'owner', {
          merchant: ids.sonnenschein,
          type: 'tip/offer',
        })
      ).statusCode,
    ).toBe(403);
    const tip = await create('agency', ids.adler, 'tip/offer');
    const adminTip = await create('admin', ids.sonnenschein, 'tip/standard');
    // The owner can neither open the tip of its own merchant nor see it in the list.
    expect((await t.api('GET', `/campaigns/${adminTip.campaign.uuid}`, 'owner')).statusCode).toBe(
      403,
    );
    const list = await as('owner').GET('/api/campaigns', {
      params: { query: { exact_merchant: ids.sonnenschein } },
    });
    expect(list.data?.rows.map((row) => row.uuid)).not.toContain(adminTip.campaign.uuid);
    const opened = await as('agency').GET('/api/campaigns/{id}', {
      params: { path: { id: tip.campaign.uuid } },
    });
    expect(opened.data?.campaign.type).toBe('tip/offer');
  });

  it('keeps other merchants’ campaigns out of reach, whatever the id', async () => {
    const foreign = await create('silver', ids.silberblick, 'coupon/free');
    const id = foreign.campaign.uuid;
    for (const [method, url] of [
      ['GET', `/campaigns/${id}`],
      ['POST', `/campaigns/${id}`],
      ['POST', `/campaigns/${id}/submit`],
      ['POST', `/campaigns/${id}/clone`],
      ['POST', `/campaigns/${id}/toggle-listable`],
      ['DELETE', `/campaigns/${id}`],
      ['GET', `/campaigns/${id}/status-history`],
      ['GET', `/campaigns/${id}/followups`],
      ['DELETE', `/campaigns/${id}/followups`],
      ['POST', `/campaigns/${id}/create-followup`],
    ] as const) {
      const response = await t.api(
        method,
        url,
        'owner',
        method === 'POST' && url.endsWith(id) ? {} : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      (
        await t.api('POST', '/campaigns', 'owner', {
          merchant: ids.silberblick,
          type: 'coupon/free',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.api('GET', `/campaigns?exact_merchant=${ids.silberblick}`, 'owner')).statusCode,
    ).toBe(404);
    const all = await as('owner').GET('/api/campaigns');
    expect(all.data?.rows.map((row) => row.uuid)).not.toContain(id);
  });

  it('refuses a member without manage-campaigns', async () => {
    const huber = ids.huber;
    expect(
      (await t.api('POST', '/campaigns', 'member', { merchant: huber, type: 'coupon/free' }))
        .statusCode,
    ).toBe(403);
    expect((await t.api('GET', `/campaigns?exact_merchant=${huber}`, 'member')).statusCode).toBe(
      403,
    );
    expect(
      (
        await t.api('POST', '/campaigns', 'member', {
          merchant: ids.sonnenschein,
          type: 'coupon/free',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('saving', () => {
  it('keeps invalid values on an intermediate save and reports errors per step', async () => {
    const { campaign } = await create('owner', ids.sonnenschein, 'coupon/percent');
    const { data: envelope, response } = await as('owner').POST('/api/campaigns/{id}', {
      params: { path: { id: campaign.uuid }, query: { validate: 'benefit' } },
      body: { benefit: { percent_discount: 101 }, title: { de: 'Sommer' } },
    });
    expect(response.status).toBe(200);
    if (!envelope) throw new Error('no answer');
    expect(envelope.campaign.benefit.percent_discount).toBe(101);
    expect(envelope.campaign.title).toEqual({ de: 'Sommer' });
    expect(envelope.state.submitted.benefit).toBe(true);
    expect(envelope.state.submitted.content).toBe(false);
    expect(envelope.state.errors).toContainEqual({
      step: 'benefit',
      fld: 'benefit.percent_discount',
      message: 'invalid_value',
    });
    expect(envelope.state.errors).toContainEqual({
      step: 'content',
      fld: 'description.de',
      message: 'required_field_missing',
    });
  });

  it('keeps what earlier saves stored when a later save sends one step only', async () => {
    const { campaign } = await create('owner', ids.sonnenschein, 'coupon/percent');
    const path = { id: campaign.uuid };
    const owner = as('owner');
    const content = await owner.POST('/api/campaigns/{id}', {
      params: { path, query: { validate: 'content' } },
      body: { title: { de: 'Herbst' }, description: { de: LONG_TEXT } },
    });
    expect(content.error).toBeUndefined();
    // Milliseconds and all: the API answers an instant as it was sent.
    const from = iso(HOUR);
    const until = iso(2 * HOUR);
    const handling = await owner.POST('/api/campaigns/{id}', {
      params: { path, query: { validate: 'handling' } },
      body: { valid_from: from, valid_until: until },
    });
    expect(handling.error).toBeUndefined();
    const { data: last, error } = await owner.POST('/api/campaigns/{id}', {
      params: { path, query: { validate: 'benefit' } },
      body: { benefit: { percent_discount: 15 } },
    });
    expect(error).toBeUndefined();
    if (!last) throw new Error('no answer');
    expect(last.campaign.title).toEqual({ de: 'Herbst' });
    expect(last.campaign.description.de).toBe(LONG_TEXT);
    expect(last.campaign.valid_from).toBe(from);
    expect(last.campaign.valid_until).toBe(until);
    expect(last.campaign.benefit.percent_discount).toBe(15);
    expect(last.state.submitted).toMatchObject({ content: true, handling: true, benefit: true });
  });

  it('answers a save with the campaign as stored: what opening it shows next, its saver the editor', async () => {
    const { campaign } = await create('owner', ids.sonnenschein, 'coupon/percent');
    const path = { id: campaign.uuid };
    const { data: answer, error } = await as('staff').POST('/api/campaigns/{id}', {
      params: { path, query: { validate: 'content' } },
      body: { title: { de: 'Wintersonne' }, tags: ['winter'] },
    });
    expect(error).toBeUndefined();
    expect(answer?.campaign.editor).toEqual({ email: 'staff@example.com' });
    expect(answer?.campaign.version).toBe(campaign.version + 1);
    const opened = await as('staff').GET('/api/campaigns/{id}', { params: { path } });
    expect(answer).toEqual(opened.data);
  });

  it('refuses a value of the wrong type with the field', async () => {
    const { campaign } = await create('owner', ids.sonnenschein, 'coupon/percent');
    const { error, response } = await as('owner').POST('/api/campaigns/{id}', {
      params: { path: { id: campaign.uuid } },
      body: { valid_from: 'tomorrow' },
    });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ message: 'invalid_value', field: 'valid_from' });
  });
});
