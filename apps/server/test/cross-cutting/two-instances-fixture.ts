/**
 * What the tests of two server instances share: the two apps on one
 * database (two connection pools on PostgreSQL, as two processes have; one
 * PGlite shared in one process otherwise), the merchants' ids, the
 * mails both send, and a campaign made on the first.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../../src/platform/db/client.js';
import { createAdmin, createMerchantWithOwner } from '../factories/index.js';
import {
  createTestApp,
  mailsSince,
  openTestDatabase,
  outboxNames,
  type TestApp,
  type TestDatabase,
} from '../helpers.js';

export let database: TestDatabase;
export let env: Record<string, string> = {};
export let secondPool: Database;
export let a: TestApp;
export let b: TestApp;
export const ids = { sonnenschein: '', silberblick: '' };
export const HOUR = 3600_000;

/** Mails both instances wrote while `action` ran. */
export async function mailsOfBoth(action: () => Promise<unknown>): Promise<string[]> {
  const before = [await outboxNames(a), await outboxNames(b)] as const;
  await action();
  return [...(await mailsSince(a, before[0])), ...(await mailsSince(b, before[1]))];
}

export async function createCampaign(merchant: string, type: string): Promise<string> {
  const response = await a.api('POST', '/campaigns', 'admin', { merchant, type });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().campaign.uuid;
}

/** Starts two server instances on one database for the file's tests (and stops them after). */
export function useTwoInstances(): void {
  beforeAll(async () => {
    database = await openTestDatabase();
    secondPool = await database.connectAgain();
    env = {
      // One signing key, as every process of a deployment has (JWT_PRIVATE_KEY).
      JWT_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    };
    a = await createTestApp(env, { database });
    b = await createTestApp(env, { database: secondPool });
    const basic = await createMerchantWithOwner(database.db, {}, { email: 'owner@example.com' });
    const silver = await createMerchantWithOwner(database.db, { level: 1 });
    await a.signInAs({
      admin: await createAdmin(database.db),
      owner: basic.owner,
      silver: silver.owner,
    });
    b.tokens.owner = String(a.tokens.owner);
    ids.sonnenschein = basic.merchant.id;
    ids.silberblick = silver.merchant.id;
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await secondPool.close();
    await database.close();
  });
}
