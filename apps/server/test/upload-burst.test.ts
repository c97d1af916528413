/**
 * One account's burst of uploads does not stall the server (issue 29, point
 * 7): 40 concurrent uploads of a 4.7 MB, 36-megapixel JPEG by one account,
 * over real connections that the client closes after each request, each get
 * an answer: the image (200) or 429 `too_many_uploads` with Retry-After,
 * decided before the body is read; the
 * account never has more than IMAGE_UPLOADS_PER_ACCOUNT uploads processed at
 * once, and /health, asked throughout, answers within a bound against hangs
 * (the 200 ms target is measured by `npm run bench -- upload-burst`).
 */
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageWorkload, uploadWorkload } from '../src/platform/files/images.js';
import { ACCOUNT_UPLOADS_WAITING_MAX, accountUploads } from '../src/platform/files/uploads.js';
import { users } from '../src/platform/db/schema.js';
import { eq } from 'drizzle-orm';
import { multipartFile } from './fixtures/multipart.js';
import { createTestApp, type TestApp } from './helpers.js';

const UPLOADS = 40;
const PER_ACCOUNT = 2;
/** A bound against hangs, not the target. */
const HEALTH_BOUND_MS = 2000;

let t: TestApp;
let filesDir = '';
let base = '';
let silberblick = '';
let silverId = '';
let photo: Buffer = Buffer.alloc(0);

/** 6912 × 5184 pixels (35.8 megapixels) of fine noise over a gradient: some 4.7 MB as JPEG. */
async function bigPhoto(): Promise<Buffer> {
  const width = 6912;
  const height = 5184;
  const pixels = Buffer.alloc(width * height * 3);
  let state = 12345;
  for (let i = 0; i < pixels.length; i += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    pixels[i] = ((i % (width * 3)) >> 5) + ((state >>> 0) & 15);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

interface Answer {
  status: number;
  retryAfter: string | undefined;
  message: string | undefined;
}

/** One upload on a connection of its own. */
function upload(payload: Buffer, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve) => {
    let answered = false;
    const outgoing = httpRequest(
      `${base}/api/merchants/${silberblick}/images`,
      {
        method: 'POST',
        agent: false,
        headers: {
          ...headers,
          authorization: `Bearer ${t.tokens.silver}`,
          'content-length': String(payload.length),
        },
      },
      (response) => {
        answered = true;
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          const retryAfter = response.headers['retry-after'];
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
            message: (JSON.parse(body) as { message?: string }).message,
          });
        });
      },
    );
    // A connection reset instead of an answer counts as status 0 (no answer).
    outgoing.on('error', (error) => {
      if (!answered) resolve({ status: 0, retryAfter: undefined, message: error.message });
    });
    outgoing.end(payload);
  });
}

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'upload-burst-'));
  t = await createTestApp({
    FILES_DIR: filesDir,
    IMAGE_UPLOADS_PER_ACCOUNT: String(PER_ACCOUNT),
  });
  await t.signInAs('silver');
  silberblick = await t.merchantId('Café Silberblick');
  const [silver] = await t.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'silver@example.com'));
  silverId = silver?.id ?? '';
  photo = await bigPhoto();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(filesDir, { recursive: true, force: true });
});

describe('a burst of uploads by one account', () => {
  it('answers every upload (the image or 429 with Retry-After) while /health keeps answering', async () => {
    expect(photo.length).toBeGreaterThan(4_000_000);
    const form = multipartFile('upload', 'foto.jpg', photo, 'image/jpeg');
    // /health on a connection of its own, every 50 ms, and the account's uploads as the server counts them.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const latencies: number[] = [];
    let most = { active: 0, waiting: 0, receiving: 0, decoding: 0 };
    let bursting = true;
    const polling = (async () => {
      while (bursting) {
        const started = performance.now();
        const status = await new Promise<number>((resolve) => {
          const asked = httpRequest(`${base}/health`, { agent }, (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          });
          asked.on('error', () => resolve(0));
          asked.end();
        });
        latencies.push(performance.now() - started);
        expect(status).toBe(200);
        const account = accountUploads(silverId);
        most = {
          active: Math.max(most.active, account.active),
          waiting: Math.max(most.waiting, account.waiting),
          receiving: Math.max(most.receiving, uploadWorkload().active),
          decoding: Math.max(most.decoding, imageWorkload().active),
        };
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const answers = await Promise.all(
      Array.from({ length: UPLOADS }, () => upload(form.payload, form.headers)),
    );
    bursting = false;
    await polling;
    agent.destroy();

    const stored = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(stored.length + refused.length, JSON.stringify(answers)).toBe(UPLOADS);
    expect(stored.length).toBeGreaterThanOrEqual(PER_ACCOUNT);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer).toEqual({ status: 429, retryAfter: '5', message: 'too_many_uploads' });
    }
    // The account's uploads took turns; the others were refused, not queued without end.
    expect(most.active).toBeLessThanOrEqual(PER_ACCOUNT);
    expect(most.waiting).toBeLessThanOrEqual(ACCOUNT_UPLOADS_WAITING_MAX);
    expect(most.decoding).toBeLessThanOrEqual(t.ctx.config.files.imageConcurrency);
    expect(accountUploads(silverId)).toEqual({ active: 0, waiting: 0 });
    // /health answered throughout, each time within the bound.
    expect(latencies.length).toBeGreaterThan(0);
    expect(Math.max(...latencies)).toBeLessThan(HEALTH_BOUND_MS);
    // The image shown is one of the stored uploads, whole.
    const shown = await t.api('GET', `/merchants/${silberblick}/images`, 'silver');
    const src = String(shown.json<{ images: { src: string }[] }>().images[0]?.src);
    const file = await t.app.inject(src);
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(400);
  }, 120_000);

  it('takes the account’s uploads again once the burst is over', async () => {
    const form = multipartFile('upload', 'foto.jpg', photo, 'image/jpeg');
    const answer = await upload(form.payload, form.headers);
    expect(answer.status).toBe(200);
  }, 60_000);
});
