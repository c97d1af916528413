/**
 * Images off the request path (docs/decisions/047-image-processing-off-request.md):
 * an upload is checked by its header and stored as received before it is
 * answered; its format (620×413 with the crop, 400×400) and the sizes asked
 * for are made on their first request and kept, once over two server
 * processes on one database (on PostgreSQL with TEST_DATABASE_URL); removing
 * or replacing an image removes every file made from it.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCampaignEnvelope } from '@backoffice/domain';
import { imageFiles } from '../../../src/platform/db/schema.js';
import { imageWorkload } from '../../../src/platform/files/images.js';
import { originalKey, sizeKey } from '../../../src/platform/files/storage.js';
import { IMAGE_REMOVAL_QUEUE } from '../../../src/platform/files/image-removal.js';
import { createMerchantWithOwner } from '../../factories/index.js';
import { multipartFile } from '../../fixtures/multipart.js';
import {
  bearer,
  createTestApp,
  openTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../../helpers.js';

let database: TestDatabase;
let filesDir = '';
/** Two server processes on one database and one file store. */
let a: TestApp;
let b: TestApp;
let owner = '';
let merchantId = '';

beforeAll(async () => {
  database = await openTestDatabase();
  filesDir = await mkdtemp(path.join(tmpdir(), 'image-store-'));
  a = await createTestApp({ FILES_DIR: filesDir }, { database });
  b = await createTestApp({ FILES_DIR: filesDir }, { database: await database.connectAgain() });
  const bakery = await createMerchantWithOwner(a.ctx.db, { level: 1 });
  merchantId = bakery.merchant.id;
  owner = await a.signInAndInit(bakery.owner.email, bakery.owner.password);
}, 300_000);
afterAll(async () => {
  await b?.close();
  await b.ctx.database.close();
  await a.close();
  await database.close();
  await rm(filesDir, { recursive: true, force: true });
});

async function newCampaign(): Promise<string> {
  const response = await a.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: bearer(owner),
    payload: { merchant: merchantId, type: 'coupon/percent' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TCampaignEnvelope>().campaign.uuid;
}

function uploadCampaignImage(id: string, file: Buffer, query = '') {
  const { payload, headers } = multipartFile('upload', 'foto.jpg', file, 'image/jpeg');
  return a.app.inject({
    method: 'POST',
    url: `/api/campaigns/${id}/image${query}`,
    payload,
    headers: { ...headers, ...bearer(owner) },
  });
}

/** 1000×1000, black above and white below the middle. */
const halves = (format: 'jpeg' | 'png' | 'gif' = 'jpeg') =>
  sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: { create: { width: 1000, height: 500, channels: 3, background: '#000000' } },
        top: 0,
        left: 0,
      },
    ])
    .toFormat(format)
    .toBuffer();

const keyOf = (src: string) => src.replace(/^\/files\//, '');
const stored = (key: string) => a.ctx.files.get(key);
const rowsOf = (imageKey: string) =>
  a.ctx.db.select().from(imageFiles).where(eq(imageFiles.imageKey, imageKey));

describe('an image upload', () => {
  it('is stored as received and answered before it is decoded; its 620×413 is made on the first request and kept', async () => {
    const id = await newCampaign();
    const upload = await halves();
    const decodingBefore = imageWorkload();
    const answer = await uploadCampaignImage(
      id,
      upload,
      '?crop_x=0&crop_y=500&crop_width=900&crop_height=500',
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(decodingBefore).toEqual({ active: 0, waiting: 0 });
    const src = String(answer.json<TCampaignEnvelope>().campaign.image?.src);
    const key = keyOf(src);
    // The answer came with the upload stored as received and nothing made of it yet.
    expect(await stored(key)).toEqual(upload);
    expect(await stored(originalKey(key))).toBeUndefined();
    // The first request makes the format: 620×413 of the crop (the white half).
    const first = await a.app.inject(src);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([620, 413]);
    const { dominant } = await sharp(first.rawPayload).stats();
    expect(Math.min(dominant.r, dominant.g, dominant.b)).toBeGreaterThan(200);
    // It is kept in the upload's place, the upload beside it: the next
    // request (on the other process too) reads the same file.
    expect(await stored(key)).toEqual(first.rawPayload);
    expect(await stored(originalKey(key))).toEqual(upload);
    expect((await b.app.inject(src)).rawPayload).toEqual(first.rawPayload);
    // The upload itself is never served.
    expect((await a.app.inject(`/files/${originalKey(key)}`)).statusCode).toBe(404);
  });

  it('keeps a GIF as received and serves the merchant image as a 400×400 PNG and in the sizes asked for', async () => {
    const gif = await halves('gif');
    const file = multipartFile('upload', 'logo', gif, 'application/octet-stream');
    const answer = await a.app.inject({
      method: 'POST',
      url: `/api/merchants/${merchantId}/images`,
      payload: file.payload,
      headers: { ...file.headers, ...bearer(owner) },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const src = String(answer.json().merchant.image.src);
    expect(await stored(keyOf(src))).toEqual(gif);
    const served = await b.app.inject(src);
    expect(served.headers['content-type']).toBe('image/png');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 400, 400]);
    const sized = await a.app.inject(`${src}?width=100&height=50`);
    expect(sized.statusCode).toBe(200);
    const sizedMeta = await sharp(sized.rawPayload).metadata();
    expect([sizedMeta.width, sizedMeta.height]).toEqual([100, 50]);
    expect(await stored(sizeKey(keyOf(src), { width: 100, height: 50 }))).toEqual(sized.rawPayload);
  });

  it('refuses a bad file as before, storing nothing', async () => {
    const id = await newCampaign();
    const jpeg = await halves();
    const cases: [string, Buffer, string][] = [
      ['text', Buffer.from('just text'), 'invalid_image_format'],
      [
        'a JPEG cut off in transfer',
        jpeg.subarray(0, Math.floor(jpeg.length / 2)),
        'invalid_image_format',
      ],
      ['a PNG cut off in transfer', (await halves('png')).subarray(0, 400), 'invalid_image_format'],
      ['webp', await sharp(jpeg).webp().toBuffer(), 'invalid_image_format'],
    ];
    for (const [name, file, message] of cases) {
      const answer = await uploadCampaignImage(id, file);
      expect(answer.statusCode, name).toBe(400);
      expect(answer.json().message, name).toBe(message);
    }
    const crop = await uploadCampaignImage(
      id,
      jpeg,
      '?crop_x=500&crop_y=0&crop_width=600&crop_height=400',
    );
    expect(crop.json().message).toBe('invalid_crop');
    const opened = await a.app.inject({ url: `/api/campaigns/${id}`, headers: bearer(owner) });
    expect(opened.json().campaign.image).toBeNull();
    const rows = await a.ctx.db
      .select()
      .from(imageFiles)
      .where(like(imageFiles.imageKey, `campaigns/${id}/%`));
    expect(rows).toEqual([]);
    expect(await readdir(path.join(filesDir, 'campaigns', id)).catch(() => [])).toEqual([]);
  });

  it('makes a format asked for at once on both processes once', async () => {
    const id = await newCampaign();
    const answer = await uploadCampaignImage(id, await halves());
    const src = String(answer.json<TCampaignEnvelope>().campaign.image?.src);
    const made = keyOf(src);
    let puts = 0;
    const restore = [a, b].map(({ ctx }) => {
      const { put } = ctx.files;
      ctx.files.put = (key, data) => {
        if (key === made) puts += 1;
        return put(key, data);
      };
      return () => {
        ctx.files.put = put;
      };
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? a : b).app.inject(src)),
      );
      for (const served of answers) {
        expect(served.statusCode).toBe(200);
        expect(served.rawPayload).toEqual(answers[0]?.rawPayload);
      }
      expect(puts).toBe(1);
      const [row] = await a.ctx.db.select().from(imageFiles).where(eq(imageFiles.key, made));
      expect(row?.madeAt).not.toBeNull();
      expect(row?.claimedUntil).toBeNull();
    } finally {
      for (const undo of restore) undo();
    }
  });

  it('removes the replaced image’s upload and every file made from it', async () => {
    const id = await newCampaign();
    const first = await uploadCampaignImage(id, await halves());
    const old = String(first.json<TCampaignEnvelope>().campaign.image?.src);
    const oldKey = keyOf(old);
    expect((await a.app.inject(old)).statusCode).toBe(200);
    expect((await a.app.inject(`${old}?width=310&height=207`)).statusCode).toBe(200);
    const oldFiles = [oldKey, originalKey(oldKey), sizeKey(oldKey, { width: 310, height: 207 })];
    for (const file of oldFiles) expect(await stored(file), file).toBeDefined();
    const second = await uploadCampaignImage(id, await halves('png'));
    expect(second.statusCode, second.body).toBe(200);
    // Removed by its job once the change committed (either process may run it).
    await b.ctx.jobs.drain([IMAGE_REMOVAL_QUEUE]);
    for (const file of oldFiles) expect(await stored(file), file).toBeUndefined();
    expect(await rowsOf(oldKey)).toEqual([]);
    expect((await b.app.inject(old)).statusCode).toBe(404);
    const now = String(second.json<TCampaignEnvelope>().campaign.image?.src);
    expect((await b.app.inject(now)).statusCode).toBe(200);
    const removed = await a.app.inject({
      method: 'DELETE',
      url: `/api/campaigns/${id}/image`,
      headers: bearer(owner),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await a.ctx.jobs.drain([IMAGE_REMOVAL_QUEUE]);
    expect(await stored(originalKey(keyOf(now)))).toBeUndefined();
    expect(await stored(keyOf(now))).toBeUndefined();
    expect(await rowsOf(keyOf(now))).toEqual([]);
  });
});
