/**
 * A merchant's account managers acting on each other at the same moment. A
 * command on accounts takes the merchant's row lock, so such commands run
 * one after the other; what the later one may do must be decided by what the
 * earlier one left, also whether its caller is still an account manager at
 * all. On PostgreSQL (TEST_DATABASE_URL) the requests overlap for real; a
 * third transaction holds the merchant's row so that both requests have
 * passed their checks before either takes the lock, in a known order.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAccount, TAccountListResponse } from '@backoffice/domain';
import { holdTransaction } from '../../fixtures/held-transaction.js';
import { createAdmin, createMerchant, createPerson } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../helpers.js';

let t: TestApp;
let merchant = '';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function accounts(): Promise<TAccountListResponse> {
  const response = await t.api('GET', `/merchants/${merchant}/accounts`, 'admin');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const idOf = (list: TAccountListResponse, email: string): string => {
  const row = list.rows.find((account) => account.email === email);
  if (!row) throw new Error(`no account ${email}`);
  return row.id;
};

/** A transaction that holds the merchant's row FOR UPDATE until `release`. */
const holdMerchant = (id: string) =>
  holdTransaction(t.ctx.db, (tx) =>
    tx.execute(sql`select 1 from merchants where id = ${id} for update`),
  );

beforeAll(async () => {
  t = await createTestApp();
  const silberblick = await createMerchant(t.ctx.db, { level: 1 });
  merchant = silberblick.id;
  await createPerson(t.ctx.db, { email: 'owner@example.com' });
  await t.signInAs({
    admin: await createAdmin(t.ctx.db),
    silver: await createPerson(t.ctx.db, { email: 'silver@example.com', memberships: [merchant] }),
    multi: await createPerson(t.ctx.db, { email: 'multi@example.com' }),
  });
  // Three account managers: silver (the owner), multi and owner.
  for (const user_email of ['multi@example.com', 'owner@example.com']) {
    const added = await t.api('POST', `/merchants/${merchant}/accounts`, 'admin', {
      user_email,
      roles: ['manage-accounts', 'manage-merchant'],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<TAccount>().roles).toContain('manage-accounts');
  }
});
afterAll(async () => {
  await t?.close();
});

describe('account managers removing each other at the same moment', () => {
  it('removes only one of two managers who remove each other at once; the removed one’s request is refused', async () => {
    const before = await accounts();
    const silverAccount = idOf(before, 'silver@example.com');
    const multiAccount = idOf(before, 'multi@example.com');
    const holder = await holdMerchant(merchant);
    // silver removes multi, and a moment later multi removes silver.
    const first = t.api('DELETE', `/merchants/${merchant}/accounts/${multiAccount}`, 'silver');
    await pause(200);
    const second = t.api('DELETE', `/merchants/${merchant}/accounts/${silverAccount}`, 'multi');
    await pause(200);
    await holder.release();
    const [removedMulti, removedSilver] = await Promise.all([first, second]);
    expect(removedMulti.statusCode, removedMulti.body).toBe(200);
    const emails = (await accounts()).rows.map((row) => row.email).sort();
    // One after the other, multi's request finds multi no account of the
    // merchant any more (404) and silver stays.
    expect(emails).toEqual(['owner@example.com', 'silver@example.com']);
    expect(removedSilver.statusCode, removedSilver.body).toBe(404);
  });
});
