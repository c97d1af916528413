/**
 * How a page of the campaign list is sent: compressed in one piece with its
 * length, not in chunks, also when it is larger than the compression
 * plugin's own bound for compressing in one call (8 KB on two cores, 4 KB on
 * more; platform/http/compression.ts), and the same JSON as uncompressed.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, createMerchantWithOwner } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../helpers.js';

let t: TestApp;
let merchantId: string;

beforeAll(async () => {
  t = await createTestApp();
  const { merchant, owner } = await createMerchantWithOwner(t.ctx.db);
  merchantId = merchant.id;
  // Titles at their limit in two languages: a page of ten is about 12 KB of JSON.
  const title = (n: number) =>
    `${n} Sommerfest in der Bäckerei am Marktplatz `.repeat(6).slice(0, 200);
  for (let n = 1; n <= 11; n += 1) {
    await createCampaign(t.ctx.db, {
      merchantId,
      content: { title: { de: title(n), en: title(n + 100) } },
    });
  }
  await t.signInAs({ owner });
});
afterAll(async () => {
  await t.close();
});

describe('a page of the campaign list', () => {
  it('is compressed in one piece with its length, the same JSON as uncompressed', async () => {
    const url = `/campaigns?exact_merchant=${merchantId}`;
    const plain = await t.api('GET', url, 'owner');
    expect(plain.statusCode).toBe(200);
    expect(plain.json().rows).toHaveLength(10);
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);
    for (const [encoding, unpack] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const packed = await t.api('GET', url, 'owner', undefined, { 'accept-encoding': encoding });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers['transfer-encoding']).toBeUndefined();
      expect(Number(packed.headers['content-length'])).toBe(packed.rawPayload.length);
      expect(unpack(packed.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });
});
