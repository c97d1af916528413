/**
 * What the campaign code tests share: the app with its merchants and
 * their users signed in, a campaign, uploading codes and counting those stored.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TCampaignEnvelope } from '@backoffice/domain';
import { campaignCodes } from '../../../src/platform/db/schema.js';
import { multipartFile } from '../../fixtures/multipart.js';
import { createMerchantWithOwner, createPerson } from '../../factories/index.js';
import { bearer, createTestApp, type TestApp } from '../../helpers.js';

export let t: TestApp;
export const tokens: Record<string, string> = {};
export const ids = { sonnenschein: '', silberblick: '' };
export const HOUR = 3600_000;
export const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

export async function api(method: 'GET' | 'POST', url: string, who: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(String(tokens[who])),
    ...(payload ? { payload } : {}),
  });
}

export async function create(who: string, merchant: string, type: string) {
  const response = await api('POST', '/campaigns', who, { merchant, type });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TCampaignEnvelope>().campaign.uuid;
}

export const upload = (id: string, who: string, content: Buffer | string, name = 'codes.txt') => {
  const file = multipartFile('upload', name, content, 'text/plain');
  return t.app.inject({
    method: 'POST',
    url: `/api/campaigns/${id}/multiple-codes/upload`,
    headers: { ...file.headers, ...bearer(String(tokens[who])) },
    payload: file.payload,
  });
};

export async function storedCodes(id: string): Promise<number> {
  const [row] = await t.ctx.db
    .select({ total: count() })
    .from(campaignCodes)
    .where(eq(campaignCodes.campaignId, id));
  return row?.total ?? 0;
}

export const codeList = (from: number, to: number, prefix = 'C') =>
  Array.from(
    { length: to - from },
    (_, index) => `${prefix}${String(from + index).padStart(6, '0')}`,
  );

/** Starts the test app for the file's tests (with `env` over the tests' settings): its merchants, their users signed in. */
export function useCodesApp(env: Record<string, string> = {}): void {
  beforeAll(async () => {
    t = await createTestApp(env);
    const basic = await createMerchantWithOwner(t.ctx.db);
    const silver = await createMerchantWithOwner(t.ctx.db, { level: 1 });
    ids.sonnenschein = basic.merchant.id;
    ids.silberblick = silver.merchant.id;
    const people = {
      owner: basic.owner,
      silver: silver.owner,
      staff: await createPerson(t.ctx.db, {
        memberships: [{ merchantId: ids.sonnenschein, roles: ['manage-campaigns'] }],
      }),
    };
    for (const [who, person] of Object.entries(people)) {
      tokens[who] = await t.signInAndInit(person.email, person.password);
    }
  });
  afterAll(async () => {
    await t.close();
  });
}
