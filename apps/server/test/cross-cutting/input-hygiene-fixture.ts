/**
 * What the input hygiene tests share: the app with the demo data, a
 * campaign and a location of Bäckerei Sonnenschein, and the checks that a
 * request was refused with nothing written and every list still answers.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { TCampaignEnvelope } from '@backoffice/domain';
import { createTestApp, type TestApp } from '../helpers.js';
import { tableDigest } from '../fixtures/table-digest.js';
import {
  createAdmin,
  createAgency,
  createMerchant,
  createMerchantWithOwner,
} from '../factories/index.js';
import { expectProblem } from '../fixtures/problem.js';

export let t: TestApp;
export let sonnenschein = '';
export let campaignId = '';
export let locationId = '';

/** The list, the campaign and the review queue still answer. */
export async function expectListsAnswer() {
  expect(
    (await t.api('GET', `/campaigns?exact_merchant=${sonnenschein}`, 'owner')).statusCode,
  ).toBe(200);
  expect((await t.api('GET', '/campaigns', 'admin')).statusCode).toBe(200);
  expect((await t.api('GET', '/review/campaigns', 'admin')).statusCode).toBe(200);
  expect((await t.api('GET', `/campaigns/${campaignId}`, 'owner')).statusCode).toBe(200);
}

/** A request answered 400 invalid_value for the field, and nothing written. */
export async function expectRefused(request: () => ReturnType<TestApp['api']>, field: string) {
  const before = await tableDigest(t.ctx.db);
  const response = await request();
  expect(response.statusCode, response.body).toBe(400);
  expectProblem(response, { status: 400, message: 'invalid_value', field });
  expect(await tableDigest(t.ctx.db)).toEqual(before);
}

/** Starts the test app with the demo data for the file's tests: a campaign and a location of Bäckerei Sonnenschein. */
export function useInputHygieneApp(): void {
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
}
