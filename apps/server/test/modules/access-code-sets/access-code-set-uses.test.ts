/**
 * Access-code sets in use: campaigns linked to a set, and the uses of its
 * codes the consumer app reports (ingest).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TAccessCodeSetDetail,
  TAccessCodeSetLinks,
  TCampaignEnvelope,
  TCodeStats,
  TCodeUsage,
  TIngestResponse,
} from '@backoffice/domain';
import { campaigns } from '../../../src/platform/db/schema.js';
import { deletionInProgress } from '../../fixtures/deletion-in-progress.js';
import { validAccessCodeSet } from '../../fixtures/access-code-sets.js';
import { createAdmin, createApiKey, createMerchant } from '../../factories/index.js';
import { bearer, createTestApp, type TestApp } from '../../helpers.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let apiKey = '';
let merchantId = '';

type Method = 'GET' | 'POST' | 'DELETE';

async function api(method: Method, url: string, who: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: who ? bearer(String(tokens[who])) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

async function createSet(body: object = validAccessCodeSet): Promise<TAccessCodeSetDetail> {
  const response = await api('POST', '/access-code-sets', 'admin', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ access_code_set: TAccessCodeSetDetail }>().access_code_set;
}

async function createCampaign(): Promise<string> {
  const response = await api('POST', '/campaigns', 'admin', {
    merchant: merchantId,
    type: 'coupon/percent',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TCampaignEnvelope>().campaign.uuid;
}

/** A campaign made active as review and scheduler would: only published campaigns take events. */
async function publishedCampaign(): Promise<string> {
  const id = await createCampaign();
  await t.ctx.db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, id));
  return id;
}

async function addCodes(setId: string, codes: string) {
  return api('POST', `/access-code-sets/${setId}/codes`, 'admin', { codes });
}

async function link(setId: string, idents: string[]) {
  return api(
    'POST',
    `/access-code-sets/${setId}/links`,
    'admin',
    idents.map((ident) => ({ ident })),
  );
}

const codeUse = (set: string, campaign: string, code: string, participant = 'p-1') => ({
  id: randomUUID(),
  type: 'code_used',
  campaign,
  participant,
  occurred_at: new Date().toISOString(),
  access_code_set: set,
  code,
});

async function send(events: object[]): Promise<TIngestResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ingest/events',
    headers: { 'x-api-key': apiKey },
    payload: { events },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function stats(setId: string): Promise<TCodeStats> {
  const response = await api('GET', `/access-code-sets/${setId}/codes`, 'admin');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ codes: TCodeStats }>().codes;
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createAdmin(t.ctx.db);
  tokens.admin = await t.signInAndInit(admin.email, admin.password);
  merchantId = (await createMerchant(t.ctx.db, { level: 1 })).id;
  apiKey = (await createApiKey(t.ctx.db, { name: 'Consumer app' })).secret;
});
afterAll(async () => {
  await t.close();
});

describe('linked campaigns', () => {
  it('links and unlinks campaigns; unknown ones are refused, deleted ones not linked anew', async () => {
    const set = await createSet();
    const [a, b, gone] = [await createCampaign(), await createCampaign(), await createCampaign()];
    const linked = await link(set.id, [a, b]);
    expect(linked.statusCode, linked.body).toBe(200);
    const list = linked.json<TAccessCodeSetLinks>().campaign_to_access_code_set;
    expect(list.map((campaign) => campaign.ident)).toEqual([a, b]);
    expect(list[0]).toMatchObject({ type: 'coupon/percent', ident: a });
    expect(list[0]?.title).toEqual(expect.any(Object));

    const unknown = await link(set.id, [a, randomUUID()]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'not_found', field: '1.ident' });

    const deleted = await api('DELETE', `/campaigns/${gone}`, 'admin');
    expect(deleted.statusCode, deleted.body).toBe(200);
    const toDeleted = await link(set.id, [a, b, gone]);
    expect(toDeleted.statusCode).toBe(400);
    expect(toDeleted.json()).toMatchObject({ message: 'campaign_deleted', field: '2.ident' });

    const unlinked = await link(set.id, [b]);
    expect(
      unlinked.json<TAccessCodeSetLinks>().campaign_to_access_code_set.map((c) => c.ident),
    ).toEqual([b]);
    const read = await api('GET', `/access-code-sets/${set.id}/links`, 'admin');
    expect(read.json<TAccessCodeSetLinks>().campaign_to_access_code_set).toHaveLength(1);
    // The set's own answer carries the UUIDs of its linked campaigns (docs/product.md#access-code-sets).
    const whole = await api('GET', `/access-code-sets/${set.id}`, 'admin');
    expect(
      whole.json<{ access_code_set: TAccessCodeSetDetail }>().access_code_set.campaigns,
    ).toEqual([b]);
    const bad = await api('POST', `/access-code-sets/${set.id}/links`, 'admin', [{ ident: 'x' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: '0.ident' });
    expect((await link(randomUUID(), [b])).statusCode).toBe(404);
  });

  it('does not link a campaign whose deletion commits while the links are checked', async () => {
    const set = await createSet();
    const campaign = await createCampaign();
    const deletion = await deletionInProgress(t.ctx.db, campaign);
    const linking = link(set.id, [campaign]);
    await deletion.commit();
    const linked = await linking;
    expect(linked.statusCode).toBe(400);
    expect(linked.json()).toMatchObject({ message: 'campaign_deleted', field: '0.ident' });
    const read = await api('GET', `/access-code-sets/${set.id}/links`, 'admin');
    expect(read.json<TAccessCodeSetLinks>().campaign_to_access_code_set).toEqual([]);
  });

  it('ends with one of two lists saved at once, never both', async () => {
    const set = await createSet();
    for (let round = 0; round < 8; round += 1) {
      const [a, b] = [await createCampaign(), await createCampaign()];
      const saved = await Promise.all([link(set.id, [a]), link(set.id, [b])]);
      for (const answer of saved) expect(answer.statusCode, answer.body).toBe(200);
      const read = await api('GET', `/access-code-sets/${set.id}/links`, 'admin');
      const idents = read
        .json<TAccessCodeSetLinks>()
        .campaign_to_access_code_set.map((campaign) => campaign.ident);
      expect([[a], [b]], `round ${String(round)}`).toContainEqual(idents);
    }
  });
});

describe('uses of codes (ingest)', () => {
  it('lets a unique code be used once and a reusable one any number of times', async () => {
    const campaign = await publishedCampaign();
    const unique = await createSet({ ...validAccessCodeSet, type: 'unique' });
    const reusable = await createSet({ ...validAccessCodeSet, type: 'reusable' });
    await addCodes(unique.id, 'U1\nU2');
    await addCodes(reusable.id, 'SOMMER');
    await link(unique.id, [campaign]);
    await link(reusable.id, [campaign]);

    const firstUse = codeUse(unique.id, campaign, 'U1', 'anna');
    expect(await send([firstUse])).toMatchObject({ accepted: 1, rejected: [] });
    const again = await send([codeUse(unique.id, campaign, 'U1', 'bert')]);
    expect(again.accepted).toBe(0);
    expect(again.rejected).toEqual([
      expect.objectContaining({ index: 0, message: 'code_already_used', field: 'code' }),
    ]);
    // The same event sent again is a duplicate, not a second use.
    expect(await send([firstUse])).toMatchObject({ accepted: 0, duplicates: 1, rejected: [] });
    // Two uses of one unique code in one batch: the first counts.
    const both = await send([
      codeUse(unique.id, campaign, 'U2', 'carla'),
      codeUse(unique.id, campaign, 'U2', 'dora'),
    ]);
    expect(both.accepted).toBe(1);
    expect(both.rejected).toEqual([
      expect.objectContaining({ index: 1, message: 'code_already_used' }),
    ]);

    const reuses = await send(
      Array.from({ length: 5 }, (_, i) => codeUse(reusable.id, campaign, 'SOMMER', `p${i}`)),
    );
    expect(reuses).toMatchObject({ accepted: 5, rejected: [] });
    expect(await stats(reusable.id)).toMatchObject({ provided: 1, used: 5 });
    expect(await stats(unique.id)).toMatchObject({ provided: 2, used: 2 });
  });

  it('refuses unknown sets and codes, campaigns not linked, uses outside the validity, missing fields', async () => {
    const campaign = await publishedCampaign();
    const other = await publishedCampaign();
    const set = await createSet({
      ...validAccessCodeSet,
      type: 'reusable',
      valid_from: '2020-01-01T00:00:00.000Z',
      valid_until: '2020-12-31T00:00:00.000Z',
    });
    const open = await createSet({ ...validAccessCodeSet, type: 'reusable' });
    await addCodes(set.id, 'C1');
    await addCodes(open.id, 'C1');
    await link(set.id, [campaign]);
    await link(open.id, [campaign]);
    const { access_code_set: _set, ...withoutSet } = codeUse(open.id, campaign, 'C1');
    const answer = await send([
      codeUse(randomUUID(), campaign, 'C1'),
      codeUse(open.id, campaign, 'NOPE'),
      codeUse(open.id, other, 'C1'),
      codeUse(set.id, campaign, 'C1'),
      withoutSet,
      codeUse(open.id, campaign, 'C1'),
    ]);
    expect(answer.accepted).toBe(1);
    expect(answer.rejected.map((r) => [r.index, r.message, r.field])).toEqual([
      [0, 'not_found', 'access_code_set'],
      [1, 'not_found', 'code'],
      [2, 'invalid_value', 'campaign'],
      [3, 'invalid_value', 'occurred_at'],
      [4, 'required_field_missing', 'access_code_set'],
    ]);
  });

  it('takes uses from the first moment of the validity up to, not including, its end, as campaigns end', async () => {
    const campaign = await publishedCampaign();
    const from = new Date(Date.now() - 3600_000);
    const until = new Date(Date.now() - 60_000);
    const set = await createSet({
      ...validAccessCodeSet,
      type: 'reusable',
      valid_from: from.toISOString(),
      valid_until: until.toISOString(),
    });
    await addCodes(set.id, 'V1');
    await link(set.id, [campaign]);
    const at = (instant: number) => ({
      ...codeUse(set.id, campaign, 'V1'),
      occurred_at: new Date(instant).toISOString(),
    });
    const answer = await send([
      at(from.getTime()),
      at(until.getTime() - 1),
      at(until.getTime()),
      at(from.getTime() - 1),
    ]);
    expect(answer.accepted).toBe(2);
    expect(answer.rejected.map((r) => [r.index, r.message, r.field])).toEqual([
      [2, 'invalid_value', 'occurred_at'],
      [3, 'invalid_value', 'occurred_at'],
    ]);
  });

  it('checks a use whose ids are written in capitals like any other', async () => {
    const campaign = await publishedCampaign();
    const set = await createSet({ ...validAccessCodeSet, type: 'unique' });
    await addCodes(set.id, 'U1');
    await link(set.id, [campaign]);
    const capitals = (event: ReturnType<typeof codeUse>) => ({
      ...event,
      id: event.id.toUpperCase(),
      campaign: event.campaign.toUpperCase(),
      access_code_set: event.access_code_set.toUpperCase(),
    });
    const unknown = await send([capitals(codeUse(set.id, campaign, 'NOPE'))]);
    expect(unknown.accepted).toBe(0);
    expect(unknown.rejected.map((r) => [r.index, r.message, r.field])).toEqual([
      [0, 'not_found', 'code'],
    ]);
    const use = capitals(codeUse(set.id, campaign, 'U1'));
    expect(await send([use])).toMatchObject({ accepted: 1, rejected: [] });
    // The same event in lower case is the same event.
    expect(await send([{ ...use, id: use.id.toLowerCase() }])).toMatchObject({
      accepted: 0,
      duplicates: 1,
      rejected: [],
    });
    expect(await stats(set.id)).toMatchObject({ provided: 1, used: 1 });
  });

  it('lets exactly one of many concurrent uses of a unique code in', async () => {
    const campaign = await publishedCampaign();
    const set = await createSet({ ...validAccessCodeSet, type: 'unique' });
    await addCodes(set.id, 'RACE');
    await link(set.id, [campaign]);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send([codeUse(set.id, campaign, 'RACE', `r${i}`)])),
    );
    expect(answers.reduce((sum, answer) => sum + answer.accepted, 0)).toBe(1);
    expect(
      answers.filter((answer) => answer.rejected[0]?.message === 'code_already_used'),
    ).toHaveLength(7);
    expect(await stats(set.id)).toMatchObject({ used: 1 });
  });

  it('lists the uses with campaign and participant, searchable and paged', async () => {
    const campaign = await publishedCampaign();
    const set = await createSet({ ...validAccessCodeSet, type: 'unique' });
    await addCodes(set.id, Array.from({ length: 12 }, (_, i) => `K${i}`).join('\n'));
    await link(set.id, [campaign]);
    await send(
      Array.from({ length: 12 }, (_, i) => codeUse(set.id, campaign, `K${i}`, `user-${i}`)),
    );
    const page = await api('GET', `/access-code-sets/${set.id}/code-usage?page=2`, 'admin');
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json<TCodeUsage>();
    expect(body.rows).toHaveLength(2);
    expect(body.pager.total_entries).toBe(12);
    expect(body.access_code_set.id).toBe(set.id);
    expect(body.rows[0]?.campaign).toMatchObject({ ident: campaign, type: 'coupon/percent' });
    const found = await api('GET', `/access-code-sets/${set.id}/code-usage?q=user-11`, 'admin');
    expect(found.json<TCodeUsage>().rows.map((row) => [row.code, row.participant])).toEqual([
      ['K11', 'user-11'],
    ]);
    const all = await api('GET', `/access-code-sets/${set.id}/code-usage?per_page=1000`, 'admin');
    expect(all.json<TCodeUsage>().rows).toHaveLength(12);
  });
});
