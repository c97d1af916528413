/**
 * Code lists as users produce them: an access-code set's list
 * pasted or uploaded from Excel (a header line, more columns, the CSV the
 * upload button offers), and code files saved as "Unicode text" (UTF-16,
 * what Excel's "Unicode-Text" and older Windows Notepad write).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAccessCodeSetDetail, TCampaignEnvelope } from '@backoffice/domain';
import { accessCodes, campaignCodes, merchants } from '../src/platform/db/schema.js';
import { validAccessCodeSet } from './fixtures/access-code-sets.js';
import { multipartFile } from './fixtures/multipart.js';
import { bearer, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let merchantId = '';

async function createSet(): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/access-code-sets',
    headers: bearer(String(tokens.admin)),
    payload: validAccessCodeSet,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ access_code_set: TAccessCodeSetDetail }>().access_code_set.id;
}

const uploadTo = (url: string, who: string, content: Buffer | string, name: string) => {
  const file = multipartFile('upload', name, content, 'text/plain');
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { ...file.headers, ...bearer(String(tokens[who])) },
    payload: file.payload,
  });
};

const storedAccessCodes = async (setId: string) =>
  (await t.ctx.db.select().from(accessCodes).where(eq(accessCodes.setId, setId)))
    .map((row) => row.code)
    .sort();

/** Text as Windows' "Unicode" (UTF-16 little endian with its byte-order mark). */
const utf16le = (text: string) =>
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'owner']) tokens[who] = await t.signInAndInit(`${who}@example.com`);
  const [row] = await t.ctx.db
    .select()
    .from(merchants)
    .where(eq(merchants.brandName, 'Bäckerei Sonnenschein'));
  merchantId = String(row?.id);
});
afterAll(async () => {
  await t.close();
});

describe('access-code lists from Excel', () => {
  it('does not store the header and whole CSV lines as access codes when an Excel CSV is uploaded', async () => {
    const setId = await createSet();
    // The upload button offers .csv; Excel on German Windows writes semicolons, CRLF and a header.
    const csv = 'Code;Gültig bis\r\nSOMMER-001;31.12.2026\r\nSOMMER-002;31.12.2026\r\n';
    const response = await uploadTo(
      `/access-code-sets/${setId}/codes/upload`,
      'admin',
      csv,
      'codes.csv',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedAccessCodes(setId)).toEqual(['SOMMER-001', 'SOMMER-002']);
  });

  it('does not turn the pasted header "Code" of an Excel column into a code anyone can enter', async () => {
    const setId = await createSet();
    // A column copied from Excel: its header, CRLF line ends, a trailing line break.
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/access-code-sets/${setId}/codes`,
      headers: bearer(String(tokens.admin)),
      payload: { codes: 'Code\r\nSOMMER-101\r\nSOMMER-102\r\n' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedAccessCodes(setId)).toEqual(['SOMMER-101', 'SOMMER-102']);
  });

  it('does not store two pasted Excel columns as one code with a tab inside', async () => {
    const setId = await createSet();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/access-code-sets/${setId}/codes`,
      headers: bearer(String(tokens.admin)),
      payload: { codes: 'SOMMER-201\tja\r\nSOMMER-202\tnein\r\n' },
    });
    // Either the first cell is the code (as the campaign's code upload reads it) or the list is refused.
    const stored = await storedAccessCodes(setId);
    expect(
      stored.some((code) => code.includes('\t')),
      JSON.stringify(stored),
    ).toBe(false);
    expect(response.statusCode === 200 || response.statusCode === 400).toBe(true);
  });
});

describe('code files saved as Unicode text (UTF-16)', () => {
  it('reads an access-code file saved as "Unicode" instead of refusing it as no text file', async () => {
    const setId = await createSet();
    const response = await uploadTo(
      `/access-code-sets/${setId}/codes/upload`,
      'admin',
      utf16le('WINTER-1\r\nWINTER-2\r\n'),
      'codes.txt',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedAccessCodes(setId)).toEqual(['WINTER-1', 'WINTER-2']);
  });

  it('reads a campaign code file saved as "Unicode" instead of refusing it as no text file', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(String(tokens.owner)),
      payload: { merchant: merchantId, type: 'coupon/percent' },
    });
    const id = created.json<TCampaignEnvelope>().campaign.uuid;
    const response = await uploadTo(
      `/campaigns/${id}/multiple-codes/upload`,
      'owner',
      utf16le('Code\tEinlösbar\r\nGUT-1\tja\r\nGUT-2\tja\r\n'),
      'codes.txt',
    );
    expect(response.statusCode, response.body).toBe(200);
    const stored = await t.ctx.db
      .select({ code: campaignCodes.code })
      .from(campaignCodes)
      .where(eq(campaignCodes.campaignId, id));
    expect(stored.map((row) => row.code).sort()).toEqual(['GUT-1', 'GUT-2']);
  });
});

describe('the size of a code file', () => {
  it('takes a Windows (CRLF) file of 100,000 codes of 19 characters, the capacity the upload limit is documented for', async () => {
    // 2,100,000 bytes: more than the 2 MiB the upload took before (CSV_MAX_BYTES);
    // Excel and Notepad on Windows end every line with CRLF.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(String(tokens.owner)),
      payload: { merchant: merchantId, type: 'coupon/percent' },
    });
    const id = created.json<TCampaignEnvelope>().campaign.uuid;
    const codes = Array.from(
      { length: 100_000 },
      (_, i) => `WEIHNACHT-${String(i).padStart(9, '0')}`,
    );
    expect(codes[0]).toHaveLength(19);
    const response = await uploadTo(
      `/campaigns/${id}/multiple-codes/upload`,
      'owner',
      `${codes.join('\r\n')}\r\n`,
      'codes.txt',
    );
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.json()).toMatchObject({ added: 100_000 });
  }, 60_000);
});
