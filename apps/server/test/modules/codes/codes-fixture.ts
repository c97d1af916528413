/**
 * What the campaign code tests share: the app with the demo data and its
 * users signed in, a campaign, uploading codes and counting those stored.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TCampaignEnvelope } from '@backoffice/domain';
import { campaignCodes, merchants } from '../../../src/platform/db/schema.js';
import { multipartFile } from '../../fixtures/multipart.js';
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

export async function merchantId(brandName: string) {
  const [row] = await t.ctx.db.select().from(merchants).where(eq(merchants.brandName, brandName));
  return String(row?.id);
}

export const codeList = (from: number, to: number, prefix = 'C') =>
  Array.from(
    { length: to - from },
    (_, index) => `${prefix}${String(from + index).padStart(6, '0')}`,
  );

/** Starts the test app with the demo data for the file's tests, its users signed in. */
export function useCodesApp(): void {
  beforeAll(async () => {
    t = await createTestApp({}, { seed: 'demo' });
    for (const who of ['owner', 'silver', 'staff']) {
      tokens[who] = await t.signInAndInit(`${who}@example.com`);
    }
    ids.sonnenschein = await merchantId('Bäckerei Sonnenschein');
    ids.silberblick = await merchantId('Café Silberblick');
  });
  afterAll(async () => {
    await t.close();
  });
}
