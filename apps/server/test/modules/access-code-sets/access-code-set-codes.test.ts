/**
 * The codes of an access-code set: adding and removing codes, code files in
 * their encodings, and codes with control or invisible characters.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TAccessCodeSetDetail,
  TAccessCodesImportResponse,
  TCodeStats,
} from '@backoffice/domain';
import { accessCodes } from '../../../src/platform/db/schema.js';
import { validAccessCodeSet } from '../../fixtures/access-code-sets.js';
import { multipartFile } from '../../fixtures/multipart.js';
import { createAdmin } from '../../factories/index.js';
import { bearer, createTestApp, type TestApp } from '../../helpers.js';

let t: TestApp;
const tokens: Record<string, string> = {};

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

async function addCodes(setId: string, codes: string) {
  return api('POST', `/access-code-sets/${setId}/codes`, 'admin', { codes });
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
});
afterAll(async () => {
  await t.close();
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
    // The set's own answer carries its codes (docs/product.md#access-code-sets), listed while the list is short.
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
    expect(refused.json()).toMatchObject(refusal);
    expect((await stats(set.id)).provided).toBe(0);
  });

  it('refuses an uploaded file with such a code in the same words, UTF-8 or Windows-1252', async () => {
    const set = await createSet();
    const utf8 = await upload(set.id, list);
    expect(utf8.statusCode, utf8.body).toBe(400);
    expect(utf8.json()).toMatchObject(refusal);
    // Windows-1252 has no character for the byte 81: it becomes the C1 control U+0081.
    const windows = await upload(set.id, Buffer.from([0x47, 0xfc, 0x54, 0x0a, 0x47, 0x81, 0x54]));
    expect(windows.json()).toMatchObject({ ...refusal, lines: [2] });
    expect((await stats(set.id)).provided).toBe(0);
  });

  it('names the lines of a code that is too long as well', async () => {
    const set = await createSet();
    const tooLong = await addCodes(set.id, `B1\n${'x'.repeat(101)}\nB2`);
    expect(tooLong.json()).toMatchObject({
      statusCode: 400,
      message: 'too_long',
      field: 'codes',
      lines: [2],
    });
  });
});
