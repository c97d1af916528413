/**
 * Idempotent requests (docs/api.md, "Idempotent requests"): a POST with an
 * `Idempotency-Key` runs once per caller and key; a retry gets the first
 * answer, another request under the key is refused, a refused body keeps no
 * key, keys expire after a day, and concurrent duplicates create one record
 * (this file also runs on PostgreSQL, where the requests really overlap).
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCampaignEnvelope, TCodeImportResponse } from '@backoffice/domain';
import { campaignCodes, campaigns, idempotencyKeys } from '../../../src/platform/db/schema.js';
import {
  campaignContent,
  createCampaign,
  createMerchant,
  createPerson,
} from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../helpers.js';

describe('idempotent requests', () => {
  let t: TestApp;
  let merchant = '';

  const campaignCount = async () => {
    const [row] = await t.ctx.db
      .select({ n: count() })
      .from(campaigns)
      .where(eq(campaigns.merchantId, merchant));
    return row?.n ?? 0;
  };
  const createWith = (key: string | undefined, who = 'owner', type = 'coupon/percent') =>
    t.api(
      'POST',
      '/campaigns',
      who,
      { merchant, type },
      key === undefined ? {} : { 'idempotency-key': key },
    );

  beforeAll(async () => {
    t = await createTestApp();
    merchant = (await createMerchant(t.ctx.db)).id;
    await t.signInAs({
      owner: await createPerson(t.ctx.db, { memberships: [merchant] }),
      colleague: await createPerson(t.ctx.db, { memberships: [merchant] }),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a retry with the first answer and creates one campaign', async () => {
    const before = await campaignCount();
    const first = await createWith('create-1');
    const retry = await createWith('create-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.json<TCampaignEnvelope>().campaign.uuid).toBe(
      first.json<TCampaignEnvelope>().campaign.uuid,
    );
    expect(await campaignCount()).toBe(before + 1);
    // Without a key, every request runs.
    await createWith(undefined);
    await createWith(undefined);
    expect(await campaignCount()).toBe(before + 3);
  });

  it('keeps the first answer encrypted, never as plain text', async () => {
    const first = await createWith('create-sealed');
    const uuid = first.json<TCampaignEnvelope>().campaign.uuid;
    const [row] = await t.ctx.db
      .select({ body: idempotencyKeys.responseBody })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'create-sealed'));
    expect(row?.body).toBeTruthy();
    expect(row?.body).not.toContain(uuid);
    // …and the retry still gets it.
    const retry = await createWith('create-sealed');
    expect(retry.json<TCampaignEnvelope>().campaign.uuid).toBe(uuid);
  });

  it('refuses the key for another request, and keeps keys apart per caller', async () => {
    expect((await createWith('create-2')).statusCode).toBe(200);
    const other = await createWith('create-2', 'owner', 'sweepstake/standard');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ message: 'idempotency_key_reused' });
    // Another person's request under the same key is theirs.
    const before = await campaignCount();
    const colleague = await createWith('create-2', 'colleague');
    expect(colleague.statusCode).toBe(200);
    expect(colleague.headers['idempotent-replayed']).toBeUndefined();
    expect(await campaignCount()).toBe(before + 1);
  });

  it('keeps no key for a body the schema refuses: the corrected retry runs', async () => {
    const refused = await t.api(
      'POST',
      '/campaigns',
      'owner',
      { merchant: 'not-a-merchant-id', type: 'coupon/percent' },
      { 'idempotency-key': 'create-3' },
    );
    expect(refused.statusCode).toBe(400);
    const corrected = await createWith('create-3');
    expect(corrected.statusCode).toBe(200);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a malformed key', async () => {
    const response = await createWith('x'.repeat(256));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'invalid_value', field: 'idempotency-key' });
  });

  it('forgets a key after 24 hours', async () => {
    expect((await createWith('create-4')).statusCode).toBe(200);
    await t.ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, 'create-4'));
    const before = await campaignCount();
    const later = await createWith('create-4');
    expect(later.statusCode).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await campaignCount()).toBe(before + 1);
  });

  it('adds a code import once', async () => {
    const base = campaignContent('coupon/percent', 'Codes', null, null);
    const coupon = await createCampaign(t.ctx.db, {
      merchantId: merchant,
      type: 'coupon/percent',
      content: { coupon: { ...base.coupon, code_type: 'multiple' } },
    });
    const add = () =>
      t.api(
        'POST',
        `/campaigns/${coupon.id}/multiple-codes`,
        'owner',
        { codes: ['A-1', 'A-2', 'A-3'] },
        { 'idempotency-key': 'codes-1' },
      );
    const first = await add();
    expect(first.statusCode, first.body).toBe(200);
    const retry = await add();
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json<TCodeImportResponse>()).toEqual(first.json<TCodeImportResponse>());
    const [stored] = await t.ctx.db
      .select({ n: count() })
      .from(campaignCodes)
      .where(eq(campaignCodes.campaignId, coupon.id));
    expect(stored?.n).toBe(3);
  });

  it('creates one record for concurrent duplicates', async () => {
    const before = await campaignCount();
    const answers = await Promise.all(Array.from({ length: 8 }, () => createWith('create-5')));
    expect(await campaignCount()).toBe(before + 1);
    const created = answers.filter((answer) => answer.statusCode === 200);
    // The first answer, and replays of it; a duplicate that came while the first ran is refused.
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(
      new Set(created.map((answer) => answer.json<TCampaignEnvelope>().campaign.uuid)).size,
    ).toBe(1);
    for (const answer of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ message: 'idempotency_key_in_use' });
    }
    const [held] = await t.ctx.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, 'create-5')));
    expect(held?.responseStatus).toBe(200);
  });
});
