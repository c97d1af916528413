/**
 * Uploads of a campaign's multiple codes (docs/product.md#validation uploads):
 * blank lines and duplicates, refusals that store nothing (no file, binary,
 * oversized, invalid lines, a connection broken half-way), 100,000 codes in
 * one import, concurrent overlapping uploads, and codes with control or
 * invisible characters. Run on PostgreSQL too (TEST_DATABASE_URL), where
 * requests really overlap.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CODE_UPLOAD_MAX_BYTES,
  type TCodeImportResponse,
  type TCodeListResponse,
} from '@backoffice/domain';
import { campaignCodes, campaigns } from '../../../src/platform/db/schema.js';
import { multipartFile, multipartWithoutFile } from '../../fixtures/multipart.js';
import { bearer } from '../../helpers.js';
import {
  t,
  tokens,
  ids,
  api,
  create,
  upload,
  storedCodes,
  codeList,
  useCodesApp,
} from './codes-fixture.js';

useCodesApp();

describe('code uploads', () => {
  it('adds a file’s codes, skipping and counting blank lines and duplicates in the file and in the store', async () => {
    const id = await create('owner', ids.sonnenschein, 'coupon/percent');
    const first = await upload(id, 'owner', 'code\r\nAB12\r\n\r\nCD34\r\n  \r\nAB12\r\nEF56\r\n');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TCodeImportResponse>()).toEqual({
      added: 3,
      blank: 3,
      duplicates_in_file: 1,
      already_stored: 0,
      stats: { provided: 3, used: 0, available: 3 },
    });
    // A CSV with more columns: the first cell of each line is the code.
    const second = await upload(id, 'owner', 'CD34;x\nGH78;y\n"IJ90";z\n', 'codes.csv');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ added: 2, already_stored: 1, blank: 0 });

    // UTF-8 with a BOM, and Windows-1252 (Excel's CSV on German Windows).
    expect((await upload(id, 'owner', '\uFEFFBOM-1\r\nBOM-2')).json()).toMatchObject({ added: 2 });
    const latin = Buffer.from([0x41, 0xc4, 0x31, 0x0a]); // "AÄ1\n" in Windows-1252
    expect((await upload(id, 'owner', latin)).json()).toMatchObject({ added: 1 });
    const list = (
      await api('GET', `/campaigns/${id}/multiple-codes`, 'owner')
    ).json<TCodeListResponse>();
    expect(list).toMatchObject({ provided: 8, used: 0, available: 8, list_codes: true });
    expect(list.codes.map((entry) => entry.code)).toEqual([
      'AB12',
      'CD34',
      'EF56',
      'GH78',
      'IJ90',
      'BOM-1',
      'BOM-2',
      'AÄ1',
    ]);
    expect(list.pager.total_entries).toBe(8);
  });

  it('reads a file with a UTF-8 BOM that is Windows-1252 further on without the BOM in its first code', async () => {
    const id = await create('owner', ids.sonnenschein, 'coupon/percent');
    // A UTF-8 file (BOM) to which lines were appended in Windows-1252 ("Ä" is the single byte C4).
    const mixed = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('code\nSOMMER1\nÄRGER2\n', 'latin1'),
    ]);
    const response = await upload(id, 'owner', mixed, 'codes.csv');
    expect(response.statusCode, response.body).toBe(200);
    // The header "code" is recognised (a blank), not stored as the code "ï»¿code".
    expect(response.json()).toMatchObject({ added: 2, blank: 1 });
    const stored = await t.ctx.db
      .select({ code: campaignCodes.code })
      .from(campaignCodes)
      .where(eq(campaignCodes.campaignId, id));
    expect(stored.map((row) => row.code).sort()).toEqual(['SOMMER1', 'ÄRGER2']);
  });

  it('says "Es wurden keine Codes hinzugefügt!" (no_codes_added) when nothing is new', async () => {
    const id = await create('owner', ids.sonnenschein, 'coupon/percent');
    expect((await upload(id, 'owner', 'X1\nX2\n')).statusCode).toBe(200);
    const again = await upload(id, 'owner', 'X2\n\nX1\nX1\n');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: 'no_codes_added',
      field: 'upload',
      added: 0,
      blank: 1,
      duplicates_in_file: 1,
      already_stored: 2,
    });
    const empty = await upload(id, 'owner', '\n\n');
    expect(empty.json().message).toBe('no_codes_added');
    expect(await storedCodes(id)).toBe(2);
  });

  it('refuses an upload without a file, a binary file, an oversized file and invalid lines, storing nothing', async () => {
    const id = await create('owner', ids.sonnenschein, 'coupon/percent');
    const none = multipartWithoutFile();
    const noFile = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${id}/multiple-codes/upload`,
      headers: { ...none.headers, ...bearer(String(tokens.owner)) },
      payload: none.payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ message: 'no_upload_file', field: 'upload' });
    // A file in another field than `upload` (docs/product.md#api-calls) is no upload either.
    const elsewhere = multipartFile('datei', 'codes.txt', 'CODE-A\nCODE-B', 'text/plain');
    const otherField = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${id}/multiple-codes/upload`,
      headers: { ...elsewhere.headers, ...bearer(String(tokens.owner)) },
      payload: elsewhere.payload,
    });
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json()).toMatchObject({ message: 'no_upload_file', field: 'upload' });

    const png = await sharp({
      create: { width: 20, height: 20, channels: 3, background: '#123' },
    })
      .png()
      .toBuffer();
    const binary = await upload(id, 'owner', png, 'codes.txt');
    expect(binary.statusCode).toBe(400);
    expect(binary.json()).toMatchObject({ message: 'upload_not_text', field: 'upload' });

    const oversized = await upload(
      id,
      'owner',
      'A'
        .repeat(63)
        .concat('\n')
        .repeat(CODE_UPLOAD_MAX_BYTES / 64 + 1),
    );
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json()).toMatchObject({ message: 'upload_too_large', field: 'upload' });

    const invalid = await upload(id, 'owner', `GOOD1\nmit Leerzeichen\nGOOD2\n${'Z'.repeat(65)}\n`);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ message: 'invalid_code', lines: [2, 4] });
    expect(await storedCodes(id)).toBe(0);
  });

  it('says an ended campaign takes no more codes before it reads the file', async () => {
    const id = await create('owner', ids.sonnenschein, 'coupon/percent');
    await t.ctx.db.update(campaigns).set({ status: 'ended' }).where(eq(campaigns.id, id));
    for (const content of ['NEU1\nNEU2\n', 'NEU\u0000\n']) {
      const refused = await upload(id, 'owner', content);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('codes_closed');
    }
    expect(await storedCodes(id)).toBe(0);
  });

  it('imports 100,000 codes in one request, all or nothing', async () => {
    const id = await create('owner', ids.sonnenschein, 'coupon/percent');
    const codes = codeList(0, 100_000);
    // One bad line at the very end: nothing of the 99,999 good ones is kept.
    const refused = await upload(id, 'owner', [...codes, 'kaputt kaputt'].join('\n'));
    expect(refused.statusCode).toBe(400);
    expect(await storedCodes(id)).toBe(0);

    const response = await upload(id, 'owner', codes.join('\n'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      added: 100_000,
      stats: { provided: 100_000, available: 100_000 },
    });
    expect(await storedCodes(id)).toBe(100_000);
    const last = await api('GET', `/campaigns/${id}/multiple-codes?page=10000`, 'owner');
    expect(last.json<TCodeListResponse>().codes.at(-1)?.code).toBe('C099999');
  }, 60_000);

  it('counts right when overlapping uploads arrive at the same time', async () => {
    const id = await create('owner', ids.sonnenschein, 'coupon/percent');
    const lists = [
      codeList(0, 3000),
      codeList(1500, 4500),
      codeList(3000, 6000),
      codeList(0, 6000),
    ];
    const responses = await Promise.all(
      lists.map((codes, index) => upload(id, index % 2 ? 'staff' : 'owner', codes.join('\n'))),
    );
    let added = 0;
    responses.forEach((response, index) => {
      if (response.statusCode === 400) {
        expect(response.json()).toMatchObject({ message: 'no_codes_added', added: 0 });
        expect(response.json().already_stored).toBe(lists[index]?.length);
        return;
      }
      expect(response.statusCode, response.body).toBe(200);
      const report = response.json<TCodeImportResponse>();
      expect(report.added + report.already_stored).toBe(lists[index]?.length);
      added += report.added;
    });
    expect(added).toBe(6000);
    expect(await storedCodes(id)).toBe(6000);
  }, 60_000);

  it('stores nothing of an upload whose connection breaks half-way', async () => {
    const id = await create('owner', ids.sonnenschein, 'coupon/percent');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = t.app.server.address() as AddressInfo;
      const file = multipartFile(
        'upload',
        'codes.txt',
        codeList(0, 50_000).join('\n'),
        'text/plain',
      );
      const half = file.payload.subarray(0, Math.floor(file.payload.length / 2));
      await new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            `POST /api/campaigns/${id}/multiple-codes/upload HTTP/1.1\r\n` +
              `Host: 127.0.0.1:${port}\r\n` +
              `Authorization: Bearer ${tokens.owner}\r\n` +
              `Content-Type: ${file.headers['content-type']}\r\n` +
              `Content-Length: ${file.payload.length}\r\n\r\n`,
          );
          socket.write(half, () => {
            setTimeout(() => {
              socket.destroy();
              resolve();
            }, 200);
          });
        });
        socket.on('error', reject);
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await storedCodes(id)).toBe(0);
      // The campaign still takes a whole upload afterwards.
      expect((await upload(id, 'owner', 'NACHHER1\n')).statusCode).toBe(200);
      expect(await storedCodes(id)).toBe(1);
    } finally {
      await t.app.server.close();
    }
  });
});

describe('codes with control or invisible characters', () => {
  // A C0 control, a C1 control, DEL, a zero-width space and a Hangul filler (which shows as nothing).
  const lines = [
    'GUT-1',
    'GUT\u0001-2',
    'GUT\u0085-3',
    'GUT\u007F-4',
    'GUT\u200B-5',
    'G\u3164UT-6',
  ];
  const refusal = {
    statusCode: 400,
    message: 'invalid_code',
    field: 'upload',
    lines: [2, 3, 4, 5, 6],
  };

  it('refuses them in pasted codes, as text or as a list, naming the lines', async () => {
    const id = await create('owner', ids.sonnenschein, 'coupon/percent');
    for (const codes of [lines.join('\n'), lines]) {
      const refused = await api('POST', `/campaigns/${id}/multiple-codes`, 'owner', { codes });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject(refusal);
    }
    expect(await storedCodes(id)).toBe(0);
  });

  it('refuses them in an uploaded file in the same words, naming the lines', async () => {
    const id = await create('owner', ids.sonnenschein, 'coupon/percent');
    const refused = await upload(id, 'owner', `${lines.join('\r\n')}\r\n`);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject(refusal);
    expect(await storedCodes(id)).toBe(0);
  });
});
