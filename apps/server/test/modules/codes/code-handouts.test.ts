/**
 * The consumer app's report of a handed-out campaign code (docs/api.md
 * "Handed-out codes"): the code counts as used once, a report sent again
 * changes nothing and gets the same answer, unknown codes (also another
 * campaign's) and unpublished or deleted campaigns are refused, and the
 * `codes.low` webhook event is recorded once per crossing of the threshold,
 * re-armed by an import that lifts the codes above it. Run on PostgreSQL too
 * (TEST_DATABASE_URL), where the reports of the last codes really arrive at
 * once.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CampaignStatus, TCodeHandoutResponse, TCodeListResponse } from '@backoffice/domain';
import {
  campaignCodes,
  campaignCodesLow,
  campaigns,
  webhookEvents,
} from '../../../src/platform/db/schema.js';
import { createApiKey } from '../../factories/index.js';
import { api, codeList, create, ids, t, useCodesApp } from './codes-fixture.js';

// The outbox keeps its events: no dispatcher takes them away during a test.
useCodesApp({ WEBHOOK_DISPATCH_INTERVAL_SECONDS: '0' });

let apiKey = '';
beforeAll(async () => {
  apiKey = (await createApiKey(t.ctx.db)).secret;
});

const report = (campaign: string, code: unknown, key: string | null = apiKey) =>
  t.app.inject({
    method: 'POST',
    url: `/api/ingest/campaigns/${campaign}/codes/handed-out`,
    headers: key === null ? {} : { 'x-api-key': key },
    payload: { code },
  });

/** Reports the code and expects it taken; the answer. */
async function handOut(campaign: string, code: string): Promise<TCodeHandoutResponse> {
  const response = await report(campaign, code);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A coupon of the merchant with these codes, in this status (set directly, as the review and the scheduler would). */
async function couponWithCodes(
  codes: string[],
  {
    status = 'active',
    merchant = ids.sonnenschein,
  }: { status?: CampaignStatus; merchant?: string } = {},
): Promise<string> {
  const who = merchant === ids.sonnenschein ? 'owner' : 'silver';
  const id = await create(who, merchant, 'coupon/percent');
  if (codes.length > 0) await addCodes(id, codes, who);
  if (status !== 'created') {
    await t.ctx.db.update(campaigns).set({ status }).where(eq(campaigns.id, id));
  }
  return id;
}

async function addCodes(id: string, codes: string[], who = 'owner'): Promise<void> {
  const added = await api('POST', `/campaigns/${id}/multiple-codes`, who, { codes });
  expect(added.statusCode, added.body).toBe(200);
}

/** Codes marked used behind the service's back: a campaign far along without a report for each. */
async function markUsed(campaign: string, codes: string[]): Promise<void> {
  await t.ctx.db
    .update(campaignCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(campaignCodes.campaignId, campaign), inArray(campaignCodes.code, codes)));
}

/** The data of the `codes.low` events recorded for the campaign. */
async function lowEvents(campaign: string): Promise<Record<string, unknown>[]> {
  const rows = await t.ctx.db
    .select({ data: webhookEvents.data, merchantId: webhookEvents.merchantId })
    .from(webhookEvents)
    .where(eq(webhookEvents.type, 'codes.low'));
  const recorded = rows.filter((row) => row.data.campaign_id === campaign);
  // The event belongs to the campaign's merchant (whose endpoints get it).
  for (const row of recorded) expect(row.merchantId).toBe(row.data.merchant_id);
  return recorded.map((row) => row.data);
}

async function counts(campaign: string) {
  const list = await api('GET', `/campaigns/${campaign}/multiple-codes`, 'owner');
  expect(list.statusCode, list.body).toBe(200);
  const { provided, used, available } = list.json<TCodeListResponse>();
  return { provided, used, available };
}

describe('reporting a handed-out code', () => {
  it('marks the code used once; reporting it again changes nothing and answers the same', async () => {
    const id = await couponWithCodes(['A-1', 'B-2', 'C-3']);
    const first = await handOut(id, 'B-2');
    expect(first).toEqual({ campaign: id, code: 'B-2', handed_out_at: expect.any(String) });
    expect(await counts(id)).toEqual({ provided: 3, used: 1, available: 2 });
    const list = (
      await api('GET', `/campaigns/${id}/multiple-codes`, 'owner')
    ).json<TCodeListResponse>();
    expect(list.codes.map((entry) => [entry.code, entry.used])).toEqual([
      ['A-1', false],
      ['B-2', true],
      ['C-3', false],
    ]);

    // Again, also with blanks around it (as a form field might send it): the same answer.
    expect(await handOut(id, 'B-2')).toEqual(first);
    expect(await handOut(id, ' B-2 ')).toEqual(first);
    expect(await counts(id)).toEqual({ provided: 3, used: 1, available: 2 });
    const download = await api('GET', `/campaigns/${id}/multiple-codes/download`, 'owner');
    expect(download.body).toBe('\uFEFFcode;used\r\nA-1;nein\r\nB-2;ja\r\nC-3;nein\r\n');

    // Codes are told apart exactly: another case is another code.
    expect((await report(id, 'b-2')).json()).toMatchObject({ message: 'not_found', field: 'code' });
  });

  it('takes codes of approved, active and ended campaigns; an answer once given stays after a deletion', async () => {
    const approved = await couponWithCodes(['AP-1'], { status: 'approved' });
    const ended = await couponWithCodes(['EN-1'], { status: 'ended' });
    expect((await handOut(approved, 'AP-1')).code).toBe('AP-1');
    expect((await handOut(ended, 'EN-1')).code).toBe('EN-1');

    const deleted = await couponWithCodes(['DE-1', 'DE-2']);
    const before = await handOut(deleted, 'DE-1');
    await t.ctx.db.update(campaigns).set({ status: 'deleted' }).where(eq(campaigns.id, deleted));
    // A resend of a lost answer is safe: the same answer.
    expect(await handOut(deleted, 'DE-1')).toEqual(before);
    // A code not handed out before is refused.
    const refused = await report(deleted, 'DE-2');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: 'campaign_deleted', field: 'campaign' });
  });

  it('refuses unknown codes, another campaign’s codes, unknown and unpublished campaigns, and callers without a key', async () => {
    const id = await couponWithCodes(['OWN-1']);
    const other = await couponWithCodes(['FOREIGN-1'], { merchant: ids.silberblick });

    const unknown = await report(id, 'NOPE-1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'not_found', field: 'code' });
    // Another campaign's code (of another merchant, too) is no code of this one.
    const foreign = await report(id, 'FOREIGN-1');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: 'not_found', field: 'code' });
    expect(await counts(id)).toEqual({ provided: 1, used: 0, available: 1 });
    const [stored] = await t.ctx.db
      .select({ usedAt: campaignCodes.usedAt })
      .from(campaignCodes)
      .where(eq(campaignCodes.campaignId, other));
    expect(stored?.usedAt).toBeNull();

    const missing = await report('00000000-0000-4000-8000-000000000000', 'OWN-1');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'not_found', field: 'campaign' });

    const draft = await couponWithCodes(['DRAFT-1'], { status: 'created' });
    const unpublished = await report(draft, 'DRAFT-1');
    expect(unpublished.statusCode).toBe(409);
    expect(unpublished.json()).toMatchObject({
      message: 'campaign_not_published',
      field: 'campaign',
    });

    expect((await report(id, '')).statusCode).toBe(400);
    expect((await report(id, 'X'.repeat(65))).statusCode).toBe(400);
    expect((await report(id, 42)).statusCode).toBe(400);
    expect((await report('not-a-uuid', 'OWN-1')).statusCode).toBe(400);
    expect((await report(id, 'OWN-1', null)).statusCode).toBe(401);
    expect((await report(id, 'OWN-1', 'cbk_wrong')).statusCode).toBe(401);
    expect(await counts(id)).toEqual({ provided: 1, used: 0, available: 1 });
  });
});

describe('codes.low', () => {
  it('is recorded once when fewer than 100 codes are left, with the counts and ids only', async () => {
    const codes = codeList(0, 150, 'H');
    const id = await couponWithCodes(codes);
    await markUsed(id, codes.slice(0, 49));
    // 101 left, then 100: not below the threshold yet.
    await handOut(id, 'H000049');
    expect(await lowEvents(id)).toEqual([]);
    // 99 left: below it.
    await handOut(id, 'H000050');
    expect(await lowEvents(id)).toEqual([
      { campaign_id: id, merchant_id: ids.sonnenschein, codes_total: 150, codes_left: 99 },
    ]);
    // Further codes, and the same code again, record nothing more.
    await handOut(id, 'H000051');
    await handOut(id, 'H000050');
    await handOut(id, 'H000052');
    expect(await lowEvents(id)).toHaveLength(1);
  });

  it('is recorded when fewer than 10 % are left, in a large store', async () => {
    const codes = codeList(0, 2000, 'T');
    const id = await couponWithCodes(codes);
    await markUsed(id, codes.slice(0, 1799));
    // 200 left of 2,000 is 10 %: not below it.
    await handOut(id, 'T001799');
    expect(await lowEvents(id)).toEqual([]);
    await handOut(id, 'T001800');
    expect(await lowEvents(id)).toEqual([
      { campaign_id: id, merchant_id: ids.sonnenschein, codes_total: 2000, codes_left: 199 },
    ]);
  });

  it('is told at the first handed-out code of a store that never held 100', async () => {
    const id = await couponWithCodes(['S-1', 'S-2', 'S-3']);
    await handOut(id, 'S-1');
    expect(await lowEvents(id)).toEqual([
      { campaign_id: id, merchant_id: ids.sonnenschein, codes_total: 3, codes_left: 2 },
    ]);
    await handOut(id, 'S-2');
    await handOut(id, 'S-3');
    expect(await lowEvents(id)).toHaveLength(1);
  });

  it('is re-armed by an import that lifts the codes above the threshold, not by one that leaves them low', async () => {
    const id = await couponWithCodes(codeList(0, 100, 'R'));
    await handOut(id, 'R000000');
    expect(await lowEvents(id)).toHaveLength(1);

    // 99 + 50 = 149 left of 150: low no more; the next crossing is told again.
    await addCodes(id, codeList(100, 150, 'R'));
    await handOut(id, 'R000001');
    expect(await lowEvents(id)).toHaveLength(1);
    await markUsed(id, codeList(2, 49, 'R'));
    // 100 left, then 99.
    await handOut(id, 'R000049');
    expect(await lowEvents(id)).toHaveLength(1);
    await handOut(id, 'R000050');
    expect(await lowEvents(id)).toEqual([
      { campaign_id: id, merchant_id: ids.sonnenschein, codes_total: 100, codes_left: 99 },
      { campaign_id: id, merchant_id: ids.sonnenschein, codes_total: 150, codes_left: 99 },
    ]);

    // 10 left; an import that leaves them below the threshold (generated codes too) does not re-arm.
    await markUsed(id, codeList(51, 140, 'R'));
    const generated = await api('POST', `/campaigns/${id}/multiple-codes`, 'owner', {
      generate: { count: 5 },
    });
    expect(generated.statusCode, generated.body).toBe(200);
    expect(await counts(id)).toEqual({ provided: 155, used: 140, available: 15 });
    await handOut(id, 'R000140');
    expect(await lowEvents(id)).toHaveLength(2);
    const [told] = await t.ctx.db
      .select()
      .from(campaignCodesLow)
      .where(eq(campaignCodesLow.campaignId, id));
    expect(told).toBeDefined();
  });

  it('is not recorded for an ended campaign, whose codes can no longer be added', async () => {
    const id = await couponWithCodes(['END-1', 'END-2'], { status: 'ended' });
    await handOut(id, 'END-1');
    expect(await lowEvents(id)).toEqual([]);
  });

  it('counts the last codes reported at once right, and is recorded exactly once', async () => {
    // 101 codes: the first report leaves 100 (not low), the second 99.
    const codes = codeList(0, 101, 'L');
    const id = await couponWithCodes(codes);
    // Every code twice, all at once: the consumer app's retries overlap with the first reports.
    const responses = await Promise.all([...codes, ...codes].map((code) => report(id, code)));
    const answers = new Map<string, TCodeHandoutResponse>();
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<TCodeHandoutResponse>();
      const earlier = answers.get(answer.code);
      if (earlier) expect(answer).toEqual(earlier);
      answers.set(answer.code, answer);
    }
    expect(answers.size).toBe(101);
    expect(await counts(id)).toEqual({ provided: 101, used: 101, available: 0 });
    expect(await lowEvents(id)).toEqual([
      { campaign_id: id, merchant_id: ids.sonnenschein, codes_total: 101, codes_left: 99 },
    ]);
  }, 60_000);
});
