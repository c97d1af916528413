/**
 * Campaigns API: creating and opening a campaign of each type, and saving its
 * steps (limits of the texts, what a save keeps).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TCampaignEnvelope, type TCampaignListResponse } from '@backoffice/domain';
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

async function create(who: string, merchant: string, type: string): Promise<TCampaignEnvelope> {
  const response = await t.api('POST', '/campaigns', who, { merchant, type });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
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
    const opened = await t.api('GET', `/campaigns/${envelope.campaign.uuid}`, 'owner');
    expect(opened.statusCode).toBe(200);
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
    const list = (
      await t.api('GET', `/campaigns?exact_merchant=${ids.sonnenschein}`, 'owner')
    ).json<TCampaignListResponse>();
    expect(list.rows.map((row) => row.uuid)).not.toContain(adminTip.campaign.uuid);
    expect((await t.api('GET', `/campaigns/${tip.campaign.uuid}`, 'agency')).statusCode).toBe(200);
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
    const all = (await t.api('GET', '/campaigns', 'owner')).json<TCampaignListResponse>();
    expect(all.rows.map((row) => row.uuid)).not.toContain(id);
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
    const response = await t.api('POST', `/campaigns/${campaign.uuid}?validate=benefit`, 'owner', {
      benefit: { percent_discount: 101 },
      title: { de: 'Sommer' },
    });
    expect(response.statusCode).toBe(200);
    const envelope = response.json<TCampaignEnvelope>();
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
    const url = `/campaigns/${campaign.uuid}`;
    const content = await t.api('POST', `${url}?validate=content`, 'owner', {
      title: { de: 'Herbst' },
      description: { de: LONG_TEXT },
    });
    expect(content.statusCode, content.body).toBe(200);
    // Milliseconds and all: the API answers an instant as it was sent.
    const from = iso(HOUR);
    const until = iso(2 * HOUR);
    const handling = await t.api('POST', `${url}?validate=handling`, 'owner', {
      valid_from: from,
      valid_until: until,
    });
    expect(handling.statusCode, handling.body).toBe(200);
    const saved = await t.api('POST', `${url}?validate=benefit`, 'owner', {
      benefit: { percent_discount: 15 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const last = saved.json<TCampaignEnvelope>();
    expect(last.campaign.title).toEqual({ de: 'Herbst' });
    expect(last.campaign.description.de).toBe(LONG_TEXT);
    expect(last.campaign.valid_from).toBe(from);
    expect(last.campaign.valid_until).toBe(until);
    expect(last.campaign.benefit.percent_discount).toBe(15);
    expect(last.state.submitted).toMatchObject({ content: true, handling: true, benefit: true });
  });

  it('answers a save with the campaign as stored: what opening it shows next, its saver the editor', async () => {
    const { campaign } = await create('owner', ids.sonnenschein, 'coupon/percent');
    const url = `/campaigns/${campaign.uuid}`;
    const saved = await t.api('POST', `${url}?validate=content`, 'staff', {
      title: { de: 'Wintersonne' },
      tags: ['winter'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.json<TCampaignEnvelope>();
    expect(answer.campaign.editor).toEqual({ email: 'staff@example.com' });
    expect(answer.campaign.version).toBe(campaign.version + 1);
    const opened = (await t.api('GET', url, 'staff')).json<TCampaignEnvelope>();
    expect(answer).toEqual(opened);
  });

  it('refuses a value of the wrong type with the field', async () => {
    const { campaign } = await create('owner', ids.sonnenschein, 'coupon/percent');
    const response = await t.api('POST', `/campaigns/${campaign.uuid}`, 'owner', {
      valid_from: 'tomorrow',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'invalid_value', field: 'valid_from' });
  });
});
