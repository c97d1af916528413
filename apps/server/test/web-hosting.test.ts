/**
 * How the product meets a browser (issue 11, points 1 and 3): the built app
 * goes out compressed with its cache headers kept, JSON answers above 1 KB
 * are compressed, `HEAD /` answers like `GET /`, and a browser that came by
 * another address than PUBLIC_URL is sent there in demo mode, while outside
 * demo mode the provider's error page names the address.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createAppContext } from '../src/bootstrap.js';
import { loadConfig } from '../src/platform/config/config.js';
import {
  bearer,
  CLIENT_ID,
  createTestApp,
  openTestDatabase,
  PUBLIC_URL,
  type TestApp,
} from './helpers.js';

const SCRIPT = `console.log(${JSON.stringify('Kampagnen '.repeat(500))});\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div>${'<!-- app -->'.repeat(100)}</body></html>`;

/** A built web app as the build leaves it: every file with its brotli and gzip copy. */
async function writeDist(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'assets'));
  const files: [string, string][] = [
    ['index.html', INDEX],
    ['assets/index-abc.js', SCRIPT],
  ];
  for (const [name, content] of files) {
    const file = path.join(dir, name);
    await writeFile(file, content);
    await writeFile(`${file}.br`, brotliCompressSync(content));
    await writeFile(`${file}.gz`, gzipSync(content));
  }
}

interface Hosting {
  app: FastifyInstance;
  close: () => Promise<void>;
}

async function hostWebApp(dir: string, env: Record<string, string>): Promise<Hosting> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SCHEDULER_INTERVAL_SECONDS: '0',
    WEB_DIST_DIR: dir,
    PUBLIC_URL,
    ...env,
  });
  const database = await openTestDatabase();
  const ctx = await createAppContext(config, database, { keepDemoKeyInDataDir: false });
  const app = await buildApp(ctx, { serveWeb: true });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe('the built web app', () => {
  let dir: string;
  let demo: Hosting;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
    await writeDist(dir);
    demo = await hostWebApp(dir, { DEMO: 'true' });
  });
  afterAll(async () => {
    await demo.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends the main script as brotli or gzip, as the browser accepts, with its cache headers', async () => {
    const br = await demo.app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 5);

    const gzip = await demo.app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await demo.app.inject({ url: '/assets/index-abc.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the page compressed and never cached without asking again', async () => {
    const page = await demo.app.inject({
      url: '/some/route',
      headers: { accept: 'text/html', 'accept-encoding': 'br', host: 'localhost:3000' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
  });

  it('answers HEAD / like GET /, also to a monitor that asks for anything', async () => {
    const headers = { accept: '*/*', host: 'localhost:3000' };
    const get = await demo.app.inject({ method: 'GET', url: '/', headers });
    const head = await demo.app.inject({ method: 'HEAD', url: '/', headers });
    expect(get.statusCode).toBe(200);
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['content-type']).toMatch(/text\/html/);
    expect(head.body).toBe('');
    // An unknown file is still a 404, not the page.
    expect((await demo.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('in demo mode sends a browser that came by another address to PUBLIC_URL', async () => {
    const response = await demo.app.inject({
      url: '/0b5e3e8e-0000-4000-8000-000000000000/campaigns/list?filter_status=created',
      headers: { accept: 'text/html', host: '127.0.0.1:3000' },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      `${PUBLIC_URL}/0b5e3e8e-0000-4000-8000-000000000000/campaigns/list?filter_status=created`,
    );
    // A path that reads as another host stays at PUBLIC_URL.
    for (const url of ['//evil.example/x', '/\\evil.example/x']) {
      const elsewhere = await demo.app.inject({
        url,
        headers: { accept: 'text/html', host: '127.0.0.1:3000' },
      });
      expect(elsewhere.statusCode, url).toBe(302);
      expect(new URL(String(elsewhere.headers.location)).origin, url).toBe(PUBLIC_URL);
    }
    const atHome = await demo.app.inject({
      url: '/',
      headers: { accept: 'text/html', host: 'localhost:3000' },
    });
    expect(atHome.statusCode).toBe(200);
  });

  it('outside demo mode names the configured address when sign-in comes from another one', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const production = await hostWebApp(dir, {
      DEMO: 'false',
      JWT_PRIVATE_KEY: await exportPKCS8(privateKey),
    });
    try {
      const page = await production.app.inject({
        url: '/',
        headers: { accept: 'text/html', host: '127.0.0.1:3000' },
      });
      expect(page.statusCode).toBe(200);
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: CLIENT_ID,
        redirect_uri: 'http://127.0.0.1:3000/oauth2/postback',
        scope: 'base',
        state: 's',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      });
      const refused = await production.app.inject({ url: `/identity/authorize?${query}` });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('Die Anmeldeanfrage ist ungültig');
      expect(refused.body).toContain(
        `Die Anwendung ist unter <a href="${PUBLIC_URL}">${PUBLIC_URL}</a> erreichbar.`,
      );
    } finally {
      await production.close();
    }
  });
});

describe('JSON answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('arrive compressed above 1 KB (a campaign list), and plain below it', async () => {
    const token = await t.signInAndInit('silver@example.com');
    const merchants = await t.app.inject({ url: '/api/merchants', headers: bearer(token) });
    const merchant: string = merchants.json().rows[0].uuid;
    for (let i = 0; i < 4; i += 1) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/campaigns',
        headers: bearer(token),
        payload: { merchant, type: 'coupon/percent' },
      });
      expect(created.statusCode).toBe(200);
    }
    const url = `/api/campaigns?exact_merchant=${merchant}`;
    const plain = await t.app.inject({ url, headers: bearer(token) });
    expect(plain.body.length).toBeGreaterThan(1024);
    const compressed = await t.app.inject({
      url,
      headers: { ...bearer(token), 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(
      plain.json(),
    );

    const small = await t.app.inject({
      url: '/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});
