/**
 * Access-code sets (spec §3, §5, §7): admins alone (every other caller 403,
 * anonymous 401, on every endpoint), the form's rules, codes imported all or
 * nothing (100,000 at once, duplicates and blank lines reported), linked
 * campaigns, and uses reported by the consumer app: a unique code once (also
 * under concurrent batches), a reusable code any number of times. On
 * PostgreSQL too (TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TAccessCodeSet,
  TAccessCodeSetDetail,
  TAccessCodeSetLinks,
  TAccessCodesImportResponse,
  TCampaignEnvelope,
  TCodeStats,
  TCodeUsage,
  TIngestResponse,
  TMerchantDetail,
  TMerchantListResponse,
  TPager,
} from '@backoffice/domain';
import { accessCodeSets, accessCodes, campaigns, merchants } from '../src/platform/db/schema.js';
import { deletionInProgress } from './fixtures/deletion-in-progress.js';
import { validAccessCodeSet } from './fixtures/access-code-sets.js';
import { multipartFile } from './fixtures/multipart.js';
import { bearer, createTestApp, type TestApp } from './helpers.js';

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

/** A set as the list shows it: its fields without its codes and links. */
const summaryOf = ({ codes: _codes, campaigns: _campaigns, ...fields }: TAccessCodeSetDetail) =>
  fields;

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
  for (const who of ['admin', 'owner', 'staff', 'agency']) {
    tokens[who] = await t.signInAndInit(`${who}@example.com`);
  }
  const [row] = await t.ctx.db
    .select()
    .from(merchants)
    .where(eq(merchants.brandName, 'Café Silberblick'));
  merchantId = String(row?.id);
  const created = await api('POST', '/admin/api-keys', 'admin', { name: 'Consumer app' });
  expect(created.statusCode, created.body).toBe(200);
  apiKey = created.json().secret;
});
afterAll(async () => {
  await t.close();
});

describe('who may use access-code sets', () => {
  it('answers 403 to a merchant owner, staff and an agency and 401 to anonymous, on every endpoint', async () => {
    const set = await createSet();
    const id = set.id;
    const endpoints: [Method, string, unknown][] = [
      ['GET', '/access-code-sets', undefined],
      ['POST', '/access-code-sets', validAccessCodeSet],
      ['POST', '/access-code-sets', {}],
      ['GET', `/access-code-sets/${id}`, undefined],
      ['POST', `/access-code-sets/${id}`, validAccessCodeSet],
      ['GET', `/access-code-sets/${id}/links`, undefined],
      ['POST', `/access-code-sets/${id}/links`, []],
      ['GET', `/access-code-sets/${id}/codes`, undefined],
      ['POST', `/access-code-sets/${id}/codes`, { codes: 'A1' }],
      ['GET', `/access-code-sets/${id}/code-usage`, undefined],
      ['GET', `/access-code-sets/${randomUUID()}`, undefined],
    ];
    for (const [method, url, body] of endpoints) {
      for (const who of ['owner', 'staff', 'agency']) {
        const response = await api(method, url, who, body);
        expect(response.statusCode, `${who} ${method} ${url}`).toBe(403);
      }
      expect((await api(method, url, null, body)).statusCode, `anonymous ${method} ${url}`).toBe(
        401,
      );
    }
    const file = multipartFile('upload', 'codes.txt', 'A1\nA2\n', 'text/plain');
    for (const who of ['owner', 'staff', 'agency', null]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/access-code-sets/${id}/codes/upload`,
        headers: { ...(who ? bearer(String(tokens[who])) : {}), ...file.headers },
        payload: file.payload,
      });
      expect(response.statusCode, `${who} upload`).toBe(who ? 403 : 401);
    }
    // Nothing the others sent was stored.
    expect((await stats(id)).provided).toBe(0);
  });
});

describe('the set form (spec §5)', () => {
  it('refuses a name of 9 characters and accepts one of 10', async () => {
    const short = await api('POST', '/access-code-sets', 'admin', {
      ...validAccessCodeSet,
      name: '123456789',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: 'invalid_value', field: 'name' });
    const set = await createSet({ ...validAccessCodeSet, name: '1234567890' });
    expect(set.name).toBe('1234567890');
  });

  it('names each missing required field', async () => {
    for (const field of ['type', 'name', 'hint_title', 'hint_text'] as const) {
      const { [field]: _omitted, ...rest } = validAccessCodeSet;
      const response = await api('POST', '/access-code-sets', 'admin', rest);
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toMatchObject({
        message: 'required_field_missing',
        field,
      });
      const blank = await api('POST', '/access-code-sets', 'admin', {
        ...validAccessCodeSet,
        [field]: '  ',
      });
      expect(blank.statusCode, `${field} blank`).toBe(400);
      expect(blank.json<{ field: string }>().field).toBe(field);
    }
    const badType = await api('POST', '/access-code-sets', 'admin', {
      ...validAccessCodeSet,
      type: 'x',
    });
    expect(badType.json()).toMatchObject({ field: 'type' });
  });

  it('refuses a validity that ends before it starts', async () => {
    const response = await api('POST', '/access-code-sets', 'admin', {
      ...validAccessCodeSet,
      valid_from: '2026-06-01T00:00:00.000Z',
      valid_until: '2026-05-01T00:00:00.000Z',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'invalid_value', field: 'valid_until' });
  });

  it('saves a set with its editor; the internal name stays; the list is paged', async () => {
    const set = await createSet();
    expect(set.internal_name).toMatch(/^sommeraktion-2026-nr-\d+-[0-9a-f]{8}$/);
    expect(set.email).toBe('admin@example.com');
    const saved = await api('POST', `/access-code-sets/${set.id}`, 'admin', {
      ...validAccessCodeSet,
      type: 'reusable',
      name: 'Winteraktion 2026',
      valid_from: '2026-12-01T08:00:00.000Z',
      valid_until: '2027-01-31T22:59:00.000Z',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json<{ access_code_set: TAccessCodeSetDetail }>().access_code_set;
    expect(after).toMatchObject({
      type: 'reusable',
      name: 'Winteraktion 2026',
      internal_name: set.internal_name,
      valid_from: '2026-12-01T08:00:00.000Z',
      valid_until: '2027-01-31T22:59:00.000Z',
    });
    const read = await api('GET', `/access-code-sets/${set.id}`, 'admin');
    expect(read.json<{ access_code_set: TAccessCodeSetDetail }>().access_code_set).toEqual(after);
    type SetList = { rows: TAccessCodeSet[]; pager: TPager };
    const listPage = async (page: number) => {
      const response = await api('GET', `/access-code-sets?page=${String(page)}`, 'admin');
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SetList>();
    };
    const before = await listPage(1);
    // Last modified first.
    expect(before.rows[0]?.id).toBe(set.id);
    const earlier = before.pager.total_entries;
    expect(earlier).toBe(await t.ctx.db.$count(accessCodeSets));
    expect(earlier).toBeGreaterThanOrEqual(3);

    // More than two pages of ten: nineteen sets saved after the one above, one after another.
    const created: TAccessCodeSet[] = [];
    for (let i = 1; i <= 19; i += 1) {
      created.push(
        summaryOf(await createSet({ ...validAccessCodeSet, name: `Seitenaktion ${String(i)}` })),
      );
    }
    const newestFirst = created.map((row) => row.id).reverse();
    const total = earlier + 19;
    const lastPage = Math.ceil(total / 10);
    const first = await listPage(1);
    expect(first.rows.map((row) => row.id)).toEqual(newestFirst.slice(0, 10));
    expect(first.pager).toEqual({
      links: [
        { rel: 'first', page: 1 },
        { rel: 'next', page: 2 },
        { rel: 'last', page: lastPage },
      ],
      entries_per_page: 10,
      total_entries: total,
    });
    // Page 2 goes on where page 1 ended: the nine oldest of the nineteen, then the set saved above.
    const second = await listPage(2);
    expect(second.rows.map((row) => row.id)).toEqual([...newestFirst.slice(10), set.id]);
    expect(second.rows.slice(0, 9)).toEqual(created.slice(0, 9).reverse());
    expect(second.rows[9]).toEqual(summaryOf(after));
    expect(second.pager).toEqual({
      links: [
        { rel: 'first', page: 1 },
        { rel: 'prev', page: 1 },
        { rel: 'next', page: 3 },
        { rel: 'last', page: lastPage },
      ],
      entries_per_page: 10,
      total_entries: total,
    });
    expect(lastPage).toBeGreaterThanOrEqual(3);
    // The sets saved before it follow on page 3, in the order page 1 had them.
    const third = await listPage(3);
    expect(third.rows.slice(0, 9).map((row) => row.id)).toEqual(
      before.rows.slice(1).map((row) => row.id),
    );
    const missing = await api('GET', `/access-code-sets/${randomUUID()}`, 'admin');
    expect(missing.statusCode).toBe(404);
    const saveMissing = await api(
      'POST',
      `/access-code-sets/${randomUUID()}`,
      'admin',
      validAccessCodeSet,
    );
    expect(saveMissing.statusCode).toBe(404);
  });
});

describe('codes', () => {
  it('adds pasted codes, reporting duplicates (in the list and in the set) and blank lines', async () => {
    const set = await createSet();
    const first = await addCodes(set.id, 'A1\r\nA2\n\n  A3  \nA1\n\n');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TAccessCodesImportResponse>()).toEqual({
      codes: { provided: 3, used: 0, list_codes: true, codes: ['A1', 'A2', 'A3'] },
      import: { added: 3, duplicates: 1, blank_lines: 2 },
    });
    const second = await addCodes(set.id, 'A3\nA4');
    expect(second.json<TAccessCodesImportResponse>().import).toEqual({
      added: 1,
      duplicates: 1,
      blank_lines: 0,
    });
    const none = await addCodes(set.id, '\n \n');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: 'no_codes_added', field: 'codes' });
    // A line too long: nothing of the list is added.
    const tooLong = await addCodes(set.id, `B1\n${'x'.repeat(101)}\nB2`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: 'too_long', field: 'codes' });
    expect((await stats(set.id)).provided).toBe(4);
    // The set's own answer carries its codes (spec §3), listed while the list is short.
    const whole = await api('GET', `/access-code-sets/${set.id}`, 'admin');
    expect(whole.json<{ access_code_set: TAccessCodeSetDetail }>().access_code_set.codes).toEqual({
      provided: 4,
      used: 0,
      list_codes: true,
      codes: ['A1', 'A2', 'A3', 'A4'],
    });
    const unknown = await addCodes(randomUUID(), 'A1');
    expect(unknown.statusCode).toBe(404);
  });

  it('imports 100,000 pasted codes at once and 100,000 uploaded ones, all or nothing', async () => {
    const set = await createSet();
    const codes = Array.from({ length: 100_000 }, (_, i) => `CODE-${String(i).padStart(6, '0')}`);
    const pasted = await addCodes(set.id, `${codes.join('\n')}\n`);
    expect(pasted.statusCode, pasted.body.slice(0, 200)).toBe(200);
    const report = pasted.json<TAccessCodesImportResponse>();
    expect(report.import).toEqual({ added: 100_000, duplicates: 0, blank_lines: 0 });
    // A long list is counted, not listed.
    expect(report.codes).toMatchObject({ provided: 100_000, list_codes: false, codes: [] });
    const whole = await api('GET', `/access-code-sets/${set.id}`, 'admin');
    expect(whole.json<{ access_code_set: TAccessCodeSetDetail }>().access_code_set.codes).toEqual(
      report.codes,
    );

    // Half known, half new, with blank lines, as a file.
    const more = [
      ...codes.slice(50_000),
      '',
      ...Array.from({ length: 50_000 }, (_, i) => `NEW-${i}`),
      '  ',
      'NEW-0',
    ];
    const file = multipartFile('upload', 'codes.txt', more.join('\r\n'), 'text/plain');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/access-code-sets/${set.id}/codes/upload`,
      headers: { ...bearer(String(tokens.admin)), ...file.headers },
      payload: file.payload,
    });
    expect(uploaded.statusCode, uploaded.body.slice(0, 200)).toBe(200);
    expect(uploaded.json<TAccessCodesImportResponse>().import).toEqual({
      added: 50_000,
      duplicates: 50_001,
      blank_lines: 2,
    });
    // A refused line anywhere in a long list: nothing of it is added.
    const broken = [...Array.from({ length: 99_999 }, (_, i) => `LATE-${i}`), 'y'.repeat(200)];
    expect((await addCodes(set.id, broken.join('\n'))).statusCode).toBe(400);
    const rows = await t.ctx.db.$count(accessCodes, eq(accessCodes.setId, set.id));
    expect(rows).toBe(150_000);
  }, 120_000);
});

describe('code files', () => {
  const upload = (setId: string, content: Buffer) => {
    const file = multipartFile('upload', 'codes.txt', content, 'text/plain');
    return t.app.inject({
      method: 'POST',
      url: `/api/access-code-sets/${setId}/codes/upload`,
      headers: { ...bearer(String(tokens.admin)), ...file.headers },
      payload: file.payload,
    });
  };

  it('refuses a file with NUL bytes as a whole, and reads Windows-1252', async () => {
    const set = await createSet();
    for (const content of [
      Buffer.from('GUT1\nBAD\u0000\nGUT2\n'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]),
    ]) {
      const refused = await upload(set.id, content);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ message: 'upload_not_text', field: 'upload' });
    }
    expect((await stats(set.id)).provided).toBe(0);
    // "MÜNCHEN" as Excel on German Windows writes it: Ü is the byte DC.
    const excel = Buffer.from([0x4d, 0xdc, 0x4e, 0x43, 0x48, 0x45, 0x4e, 0x0d, 0x0a]);
    expect((await upload(set.id, excel)).statusCode).toBe(200);
    const codes = await t.ctx.db.select().from(accessCodes).where(eq(accessCodes.setId, set.id));
    expect(codes.map((code) => code.code)).toEqual(['MÜNCHEN']);
  });
});

describe('codes with control or invisible characters', () => {
  const upload = (setId: string, content: Buffer | string) => {
    const file = multipartFile('upload', 'codes.txt', content, 'text/plain');
    return t.app.inject({
      method: 'POST',
      url: `/api/access-code-sets/${setId}/codes/upload`,
      headers: { ...bearer(String(tokens.admin)), ...file.headers },
      payload: file.payload,
    });
  };
  /** Codes that look like GUT-3 (or like nothing) but are not what anyone types. */
  const list = [
    'GUT-1',
    'GUT\u0001-2',
    'GUT-3\u0085',
    '',
    'GUT\u200B-3',
    'GUT\u007F-4',
    'GUT\u00A0-5',
    '\u202EGUT-6',
    'GUT-7',
  ].join('\n');
  const refusal = {
    statusCode: 400,
    message: 'invalid_code_characters',
    field: 'codes',
    lines: [2, 3, 5, 6, 7, 8],
  };

  it('refuses a pasted list with such a code, naming its lines, and stores nothing of it', async () => {
    const set = await createSet();
    const refused = await addCodes(set.id, list);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual(refusal);
    expect((await stats(set.id)).provided).toBe(0);
  });

  it('refuses an uploaded file with such a code in the same words, UTF-8 or Windows-1252', async () => {
    const set = await createSet();
    const utf8 = await upload(set.id, list);
    expect(utf8.statusCode, utf8.body).toBe(400);
    expect(utf8.json()).toEqual(refusal);
    // Windows-1252 has no character for the byte 81: it becomes the C1 control U+0081.
    const windows = await upload(set.id, Buffer.from([0x47, 0xfc, 0x54, 0x0a, 0x47, 0x81, 0x54]));
    expect(windows.json()).toEqual({ ...refusal, lines: [2] });
    expect((await stats(set.id)).provided).toBe(0);
  });

  it('names the lines of a code that is too long as well', async () => {
    const set = await createSet();
    const tooLong = await addCodes(set.id, `B1\n${'x'.repeat(101)}\nB2`);
    expect(tooLong.json()).toEqual({
      statusCode: 400,
      message: 'too_long',
      field: 'codes',
      lines: [2],
    });
  });
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
    // The set's own answer carries the UUIDs of its linked campaigns (spec §3).
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

describe('the merchant list', () => {
  it('shows agencies their merchants with campaign counts, admins also the internal name', async () => {
    // An admin gives one of the agency's merchants an internal name, the rest of its profile as it is.
    const [adler] = await t.ctx.db
      .select()
      .from(merchants)
      .where(eq(merchants.brandName, 'Modehaus Adler'));
    const adlerId = String(adler?.id);
    const profile = (await api('GET', `/merchants/${adlerId}`, 'admin')).json<TMerchantDetail>();
    const saved = await api('POST', `/merchants/${adlerId}`, 'admin', {
      name: profile.name,
      brand_name: profile.brand_name,
      description: profile.description,
      vatin: profile.vatin,
      telephone: profile.telephone,
      email: profile.email,
      website: profile.website,
      social: profile.social,
      contacts: profile.contacts.map(({ type, value }) => ({ type, value })),
      coreg_enabled: profile.coreg_enabled,
      coreg_default_suitable: profile.coreg_default_suitable,
      coreg_terms: profile.coreg_terms,
      internal_name: 'Adler – intern',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const agency = await api('GET', '/merchants?page=1', 'agency');
    const rows = agency.json<TMerchantListResponse>().rows;
    expect(rows.length).toBe(2);
    for (const row of rows) {
      expect(row.internal_name).toBeNull();
      expect(row.campaign_count).toEqual(expect.any(Number));
    }
    // Agencies never see it, also not on the merchant that has one.
    expect(rows.find((row) => row.uuid === adlerId)?.internal_name).toBeNull();
    const adminAdler = await api('GET', '/merchants?filter=Adler', 'admin');
    expect(
      adminAdler.json<TMerchantListResponse>().rows.map((row) => [row.uuid, row.internal_name]),
    ).toEqual([[adlerId, 'Adler – intern']]);

    const admin = await api('GET', '/merchants?filter=Silberblick', 'admin');
    const [silberblick] = admin.json<TMerchantListResponse>().rows;
    // Campaigns created above, the deleted ones not counted.
    const all = await t.ctx.db.$count(campaigns, eq(campaigns.merchantId, merchantId));
    const deleted = await t.ctx.db.$count(
      campaigns,
      and(eq(campaigns.merchantId, merchantId), eq(campaigns.status, 'deleted')),
    );
    expect(all).toBeGreaterThan(5);
    expect(deleted).toBeGreaterThan(0);
    expect(silberblick?.campaign_count).toBe(all - deleted);
    // Silberblick has none: null for admins too.
    expect(silberblick?.internal_name).toBeNull();
  });
});
