/**
 * Uploaded files in an S3-compatible object store (S3_* settings), against a
 * real S3 server (s3rver): merchant and campaign images are stored in the
 * bucket, nothing in FILES_DIR, and served under /files/ by the server with
 * the same headers as from the folder; a clone gets its own copy, replaced
 * and removed images leave the bucket, a missing object is a 404.
 * A store that takes connections and never answers, or answers the bucket
 * check and then stalls, holds up neither the start nor
 * a request: the server starts (saying so in the log) and images are
 * answered 503 with Retry-After within S3_REQUEST_TIMEOUT_MS.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCampaignEnvelope } from '@backoffice/domain';
import { multipartFile } from '../../fixtures/multipart.js';
import { startObjectStore, type ObjectStore } from '../../fixtures/object-store.js';
import { ConfigError, loadConfig } from '../../../src/platform/config/config.js';
import type { S3Settings } from '../../../src/platform/config/config-services.js';
import { openS3FileStorage } from '../../../src/platform/files/s3-storage.js';
import { createLogger } from '../../../src/platform/http/logging.js';
import { IMAGE_REMOVAL_QUEUE } from '../../../src/platform/files/image-removal.js';
import { freePort } from '../../fixtures/ports.js';
import { startServerProcess } from '../../fixtures/server-process.js';
import {
  startSilentStore,
  startStallingStore,
  type StalledStore,
} from '../../fixtures/stalled-store.js';
import { createMerchantWithOwner } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../helpers.js';

let store: ObjectStore;
let t: TestApp;
let filesDir = '';
let silberblick = '';

const keyOf = (src: string) => src.replace(/^\/files\//, '');
const served = (src: string) => t.app.inject({ method: 'GET', url: src });
const image = (background: string, format: 'png' | 'jpeg', width = 700, height = 500) => {
  const picture = sharp({ create: { width, height, channels: 3, background } });
  return (format === 'png' ? picture.png() : picture.jpeg()).toBuffer();
};

beforeAll(async () => {
  store = await startObjectStore();
  filesDir = await mkdtemp(path.join(tmpdir(), 'files-'));
  t = await createTestApp({ ...store.env, FILES_DIR: filesDir });
  const { merchant, owner } = await createMerchantWithOwner(t.ctx.db, { level: 1 });
  await t.signInAs({ silver: owner });
  silberblick = merchant.id;
});
afterAll(async () => {
  await t.close();
  await store.close();
  await rm(filesDir, { recursive: true, force: true });
});

describe('merchant images in the object store', () => {
  const upload = async (content: Buffer, name: string, type: string) => {
    const file = multipartFile('upload', name, content, type);
    const response = await t.api(
      'POST',
      `/merchants/${silberblick}/images`,
      'silver',
      file.payload,
      file.headers,
    );
    expect(response.statusCode, response.body).toBe(200);
    return String(response.json().merchant.image.src);
  };

  it('stores an upload in the bucket and serves it under /files/ with its headers and sizes', async () => {
    const src = await upload(await image('#3366cc', 'png', 900, 500), 'logo.png', 'image/png');
    expect(await store.keys()).toContain(keyOf(src));
    expect(await readdir(filesDir)).toEqual([]);
    const file = await served(src);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.rawPayload.equals((await store.read(keyOf(src))) ?? Buffer.alloc(0))).toBe(true);
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([400, 400]);
    const scaled = await served(`${src}?width=100&height=50`);
    const scaledMeta = await sharp(scaled.rawPayload).metadata();
    expect([scaledMeta.width, scaledMeta.height]).toEqual([100, 50]);
  });

  it('removes the replaced image from the bucket, and the removed one', async () => {
    const first = await upload(await image('#111111', 'jpeg'), 'eins.jpg', 'image/jpeg');
    const second = await upload(await image('#222222', 'jpeg'), 'zwei.jpg', 'image/jpeg');
    // The replaced image leaves the bucket in its removal job, after the upload.
    await t.ctx.jobs.drain([IMAGE_REMOVAL_QUEUE]);
    const keys = await store.keys();
    expect(keys).toContain(keyOf(second));
    expect(keys).not.toContain(keyOf(first));
    expect((await served(first)).statusCode).toBe(404);
    const removed = await t.api('DELETE', `/merchants/${silberblick}/images`, 'silver');
    expect(removed.statusCode, removed.body).toBe(200);
    await t.ctx.jobs.drain([IMAGE_REMOVAL_QUEUE]);
    expect(await store.keys()).not.toContain(keyOf(second));
    expect((await served(second)).statusCode).toBe(404);
  });

  it('answers 404 for a key that has no object', async () => {
    const missing = `/files/merchants/${silberblick}/00000000-0000-4000-8000-000000000000.jpg`;
    expect((await served(missing)).statusCode).toBe(404);
  });
});

describe('campaign images in the object store', () => {
  async function create(): Promise<string> {
    const response = await t.api('POST', '/campaigns', 'silver', {
      merchant: silberblick,
      type: 'coupon/percent',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TCampaignEnvelope>().campaign.uuid;
  }
  async function uploadImage(id: string): Promise<string> {
    const file = multipartFile('upload', 'bild.jpg', await image('#33aa77', 'jpeg'), 'image/jpeg');
    const response = await t.api(
      'POST',
      `/campaigns/${id}/image`,
      'silver',
      file.payload,
      file.headers,
    );
    expect(response.statusCode, response.body).toBe(200);
    return String(response.json<TCampaignEnvelope>().campaign.image?.src);
  }

  it('copies the image in the bucket for a clone and a follow-up; each removal takes only its own', async () => {
    const source = await create();
    const original = await uploadImage(source);
    const copies: string[] = [];
    for (const command of ['clone', 'create-followup']) {
      const made = await t.api('POST', `/campaigns/${source}/${command}`, 'silver');
      expect(made.statusCode, made.body).toBe(200);
      copies.push(String(made.json<TCampaignEnvelope>().campaign.image?.src));
    }
    const bytes = await store.read(keyOf(original));
    for (const copy of copies) {
      expect(copy).not.toBe(original);
      expect(await store.read(keyOf(copy))).toEqual(bytes);
    }
    const removed = await t.api('DELETE', `/campaigns/${source}/image`, 'silver');
    expect(removed.statusCode, removed.body).toBe(200);
    await t.ctx.jobs.drain([IMAGE_REMOVAL_QUEUE]);
    expect(await store.keys()).not.toContain(keyOf(original));
    for (const copy of copies) {
      const file = await served(copy);
      expect(file.statusCode, copy).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
    }
    expect(await readdir(filesDir)).toEqual([]);
  });
});

describe('the object store at start', () => {
  /** The S3 settings the server reads from these variables (the store's, with changes). */
  const settings = (env: Record<string, string> = {}): S3Settings => {
    const s3 = loadConfig({ DEMO: 'true', ...store.env, ...env }).files.s3;
    if (!s3) throw new Error('no S3 settings');
    return s3;
  };
  const warnings: unknown[] = [];
  const log = createLogger('warn', {
    write: (line: string) => void warnings.push(JSON.parse(line)),
  });

  it('refuses to start with a bucket that does not exist, naming S3_BUCKET', async () => {
    const opening = openS3FileStorage(settings({ S3_BUCKET: 'no-such-bucket' }), log);
    await expect(opening).rejects.toBeInstanceOf(ConfigError);
    await expect(opening).rejects.toThrow(/S3_BUCKET: the bucket "no-such-bucket" does not exist/);
  });

  it('refuses to start with credentials the store does not accept', async () => {
    const wrong = settings({ S3_ACCESS_KEY_ID: 'UNBEKANNT' });
    await expect(openS3FileStorage(wrong, log)).rejects.toThrow(
      /S3_ACCESS_KEY_ID: the object store refuses access to the bucket "backoffice-files"/,
    );
  });

  it('starts when the store does not answer yet, and says so in the log', async () => {
    warnings.length = 0;
    const closed = await freePort();
    const storage = await openS3FileStorage(
      settings({ S3_ENDPOINT: `http://127.0.0.1:${closed}` }),
      log,
    );
    expect(typeof storage.put).toBe('function');
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 40,
        bucket: 'backoffice-files',
        msg: 'object store not reachable at start; uploads and images fail until it answers',
      }),
    ]);
  });
});

describe('an object store that does not answer', () => {
  /** Short timeouts, so that the test is quick; an answer must come within them and a margin. */
  const TIMEOUTS = { S3_CONNECT_TIMEOUT_MS: '500', S3_REQUEST_TIMEOUT_MS: '1000' };
  const WITHIN_MS = 1000 + 2500;
  const warnings: unknown[] = [];
  const log = createLogger('warn', {
    write: (line: string) => void warnings.push(JSON.parse(line)),
  });
  const settings = (env: Record<string, string>): S3Settings => {
    const s3 = loadConfig({ DEMO: 'true', ...env }).files.s3;
    if (!s3) throw new Error('no S3 settings');
    return s3;
  };
  const stores: StalledStore[] = [];
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const stalled of stores) await stalled.close();
  });
  const timed = async <T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> => {
    const started = performance.now();
    const result = await work();
    return { result, ms: performance.now() - started };
  };
  const expectRetryLater = (answer: { statusCode: number; headers: object; body: string }) => {
    expect(answer.statusCode, answer.body).toBe(503);
    expect(answer.headers).toMatchObject({ 'retry-after': '5' });
    expect(JSON.parse(answer.body)).toMatchObject({ message: 'service_unavailable' });
  };

  it('lets the server start when the store takes the connection and never answers', async () => {
    const silent = await startSilentStore();
    stores.push(silent);
    warnings.length = 0;
    const opening = await timed(() =>
      openS3FileStorage(settings({ ...silent.env, ...TIMEOUTS }), log),
    );
    expect(opening.ms).toBeLessThan(WITHIN_MS);
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'object store not reachable at start; uploads and images fail until it answers',
      }),
    ]);
    // The app on it starts and answers an image with 503 in time.
    const silentApp = await createTestApp({ ...silent.env, ...TIMEOUTS, FILES_DIR: filesDir });
    apps.push(silentApp);
    const key = `merchants/${silberblick}/00000000-0000-4000-8000-000000000000.jpg`;
    const served = await timed(() => silentApp.app.inject(`/files/${key}`));
    expect(served.ms).toBeLessThan(WITHIN_MS);
    expectRetryLater(served.result);
  }, 30_000);

  it('answers images 503 with Retry-After in time when the store stalls after the bucket check', async () => {
    const stalling = await startStallingStore();
    stores.push(stalling);
    const stalled = await createTestApp({ ...stalling.env, ...TIMEOUTS, FILES_DIR: filesDir });
    apps.push(stalled);
    const silver = await createMerchantWithOwner(stalled.ctx.db, { level: 1 });
    await stalled.signInAs({ silver: silver.owner });
    const merchant = silver.merchant.id;
    const key = `merchants/${merchant}/00000000-0000-4000-8000-000000000000.jpg`;
    // GET /files/…: the store sends the head and a few bytes, then nothing.
    for (const url of [`/files/${key}`, `/files/${key}?width=100&height=100`]) {
      const served = await timed(() => stalled.app.inject(url));
      expect(served.ms, url).toBeLessThan(WITHIN_MS);
      expectRetryLater(served.result);
    }
    // Uploads: the store takes the new file and never answers.
    const merchantImage = multipartFile('upload', 'logo.png', await image('#123456', 'png'));
    const merchantUpload = await timed(() =>
      stalled.api(
        'POST',
        `/merchants/${merchant}/images`,
        'silver',
        merchantImage.payload,
        merchantImage.headers,
      ),
    );
    expect(merchantUpload.ms).toBeLessThan(WITHIN_MS);
    expectRetryLater(merchantUpload.result);
    const created = await stalled.api('POST', '/campaigns', 'silver', {
      merchant,
      type: 'coupon/percent',
    });
    const campaign = created.json<TCampaignEnvelope>().campaign.uuid;
    const campaignImage = multipartFile('upload', 'bild.jpg', await image('#654321', 'jpeg'));
    const campaignUpload = await timed(() =>
      stalled.api(
        'POST',
        `/campaigns/${campaign}/image`,
        'silver',
        campaignImage.payload,
        campaignImage.headers,
      ),
    );
    expect(campaignUpload.ms).toBeLessThan(WITHIN_MS);
    expectRetryLater(campaignUpload.result);
    // Nothing changed: the campaign has no image.
    const opened = await stalled.api('GET', `/campaigns/${campaign}`, 'silver');
    expect(opened.json<TCampaignEnvelope>().campaign.image).toBeNull();
  }, 30_000);

  it('starts a server process that listens although the store never answers', async () => {
    const silent = await startSilentStore();
    stores.push(silent);
    const dataDir = path.join(filesDir, 'process-data');
    const server = await startServerProcess({
      ...silent.env,
      ...TIMEOUTS,
      DATA_DIR: dataDir,
      DEMO: 'true',
    });
    try {
      const key = `merchants/${silberblick}/00000000-0000-4000-8000-000000000000.jpg`;
      const started = performance.now();
      const answer = await fetch(`${server.url}/files/${key}`);
      expect(performance.now() - started).toBeLessThan(WITHIN_MS);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);
});
