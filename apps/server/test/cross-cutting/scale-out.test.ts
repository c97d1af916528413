/**
 * The product on more than one machine: two server processes (from the
 * sources, as in production but for the build) behind one public address, on
 * one fresh PostgreSQL database, one Redis (the machine's, under a key prefix
 * of this run) and one S3-compatible object store (s3rver). A session started
 * on A works on B and a logout on B ends it on A; an image uploaded through A
 * is served by B; the sign-in limit counts A and B together; a location
 * import started on A is geocoded exactly once by the job queue's workers of
 * both (geocoding through a local fake of Nominatim that counts every address).
 * It runs where PostgreSQL (TEST_DATABASE_URL) and Redis (TEST_REDIS_URL,
 * else 127.0.0.1:6379) answer. Without them: the embedded database belongs
 * to one process, and a second server on its folder refuses to start.
 */
import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../fixtures/multipart.js';
import { startObjectStore, type ObjectStore } from '../fixtures/object-store.js';
import { deleteKeys, redisAnswers } from '../fixtures/redis-server.js';
import {
  seedDemoAccounts,
  signInOverHttp,
  startRefused,
  startServerProcess,
  type ServerProcess,
} from '../fixtures/server-process.js';
import { until } from '../fixtures/until.js';
import { CODE_CHALLENGE } from '../helpers.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN_URL = process.env.TEST_DATABASE_URL;
const sharedServices = ADMIN_URL !== undefined && (await redisAnswers(REDIS_URL));

const started = new Set<ChildProcess>();
async function stopAll(): Promise<void> {
  await Promise.all(
    [...started].map(async (child) => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }),
  );
  started.clear();
}

describe('the embedded database on one machine', () => {
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'one-folder-'));
  });
  afterAll(async () => {
    await stopAll();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server on the folder a running one holds', async () => {
    const env = { DATA_DIR: dataDir, DEMO: 'true', DEMO_ACTIVITY: 'false' };
    const first = await startServerProcess(env);
    started.add(first.child);
    const second = await startRefused(env);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`in use by process ${first.child.pid}`);
    expect((await fetch(`${first.url}/ready`)).status).toBe(200);
  });
});

describe.runIf(Boolean(sharedServices && ADMIN_URL))(
  'two server processes on one database, Redis and object store',
  () => {
    const PUBLIC_URL = 'http://backoffice.test';
    const database = `scale_${randomBytes(6).toString('hex')}`;
    const redisPrefix = `scale-out-${randomBytes(4).toString('hex')}:`;
    const geocoded = new Map<string, string[]>();
    let nominatim: Server;
    let store: ObjectStore;
    let a: ServerProcess;
    let b: ServerProcess;

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`create database ${database}`);
      await admin.end();
      const url = new URL(String(ADMIN_URL));
      url.pathname = `/${database}`;
      seedDemoAccounts(url.toString());
      store = await startObjectStore();
      // Nominatim's part: every address it is asked, by the process (its User-Agent) that asked.
      nominatim = createServer((request, response) => {
        const query = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams;
        const asked = geocoded.get(query.get('street') ?? '') ?? [];
        asked.push(String(request.headers['user-agent']));
        geocoded.set(query.get('street') ?? '', asked);
        setTimeout(() => {
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify([{ lat: '48.1', lon: '11.5', display_name: 'München' }]));
        }, 60);
      });
      await new Promise<void>((resolve) => nominatim.listen(0, '127.0.0.1', resolve));
      const env = (name: string) => ({
        DATABASE_URL: url.toString(),
        PUBLIC_URL,
        APP_NAME: name,
        REDIS_URL,
        REDIS_KEY_PREFIX: redisPrefix,
        ...store.env,
        TRUST_PROXY: 'true',
        LOGIN_RATE_LIMIT_PER_MINUTE: '4',
        GEOCODER: 'nominatim',
        NOMINATIM_URL: `http://127.0.0.1:${(nominatim.address() as AddressInfo).port}`,
        NOMINATIM_MIN_INTERVAL_MS: '0',
        // The scheduler looks for running imports every second.
        SCHEDULER_INTERVAL_SECONDS: '1',
      });
      // Side by side; one that started is stopped after the tests even when the other failed.
      const track = (server: ServerProcess) => {
        started.add(server.child);
        return server;
      };
      const [first, second] = await Promise.allSettled([
        startServerProcess(env('A')).then(track),
        startServerProcess(env('B')).then(track),
      ]);
      if (first.status === 'rejected') throw first.reason;
      if (second.status === 'rejected') throw second.reason;
      [a, b] = [first.value, second.value];
    });
    afterAll(async () => {
      await stopAll();
      await new Promise((resolve) => nominatim.close(resolve));
      await store.close();
      await deleteKeys(REDIS_URL, redisPrefix);
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    });

    /** Signs in on `on` from its own address (X-Forwarded-For) and starts the session's work. */
    async function signIn(on: ServerProcess, email: string) {
      const token = await signInOverHttp(on.url, email, PUBLIC_URL);
      const headers = { authorization: `Bearer ${token}` };
      expect((await fetch(`${on.url}/api/init-user`, { method: 'POST', headers })).status).toBe(
        200,
      );
      const merchants = (await (await fetch(`${on.url}/api/merchants`, { headers })).json()) as {
        rows: { uuid: string }[];
      };
      return { headers, merchant: merchants.rows[0]?.uuid ?? '' };
    }

    it('signs in on A, works on B, and a logout on B ends the session on A', async () => {
      const { headers } = await signIn(a, 'owner@example.com');
      expect((await fetch(`${b.url}/api/merchants`, { headers })).status).toBe(200);
      const logout = await fetch(`${b.url}/api/session/logout`, { method: 'POST', headers });
      expect(logout.status).toBeLessThan(300);
      expect((await fetch(`${a.url}/api/merchants`, { headers })).status).toBe(401);
      expect((await fetch(`${b.url}/api/merchants`, { headers })).status).toBe(401);
    });

    it('serves from B an image uploaded through A', async () => {
      const { headers, merchant } = await signIn(a, 'silver@example.com');
      const png = await sharp({
        create: { width: 500, height: 500, channels: 3, background: '#c0ffee' },
      })
        .png()
        .toBuffer();
      const file = multipartFile('upload', 'logo.png', png, 'image/png');
      const uploaded = await fetch(`${a.url}/api/merchants/${merchant}/images`, {
        method: 'POST',
        headers: { ...headers, ...file.headers },
        body: new Uint8Array(file.payload),
      });
      expect(uploaded.status).toBe(200);
      const src = String(
        ((await uploaded.json()) as { merchant: { image: { src: string } } }).merchant.image.src,
      );
      expect(await store.keys()).toContain(src.replace(/^\/files\//, ''));
      const fromB = await fetch(`${b.url}${src}`);
      expect(fromB.status).toBe(200);
      expect(fromB.headers.get('content-type')).toBe('image/png');
      const fromA = await fetch(`${a.url}${src}`);
      expect(Buffer.from(await fromB.arrayBuffer())).toEqual(
        Buffer.from(await fromA.arrayBuffer()),
      );
    });

    it('counts the sign-in limit of one address over A and B together', async () => {
      const attempt = async (on: ServerProcess) => {
        const answer = await fetch(`${on.url}/identity/authorize`, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': '198.51.100.77',
          },
          body: new URLSearchParams({
            response_type: 'code',
            code_challenge: CODE_CHALLENGE,
            code_challenge_method: 'S256',
            client_id: 'backoffice-web',
            redirect_uri: `${PUBLIC_URL}/oauth2/postback`,
            scope: 'base',
            email: 'agency@example.com',
            password: 'demo',
          }),
        });
        return answer.status;
      };
      const statuses: number[] = [];
      for (const on of [a, b, a, b, a, b]) statuses.push(await attempt(on));
      // Four a minute in all: each process alone would have allowed all six.
      expect(statuses).toEqual([302, 302, 302, 302, 429, 429]);
    });

    it('geocodes each row of an import started on A exactly once, its progress read on B', async () => {
      const { headers, merchant } = await signIn(a, 'owner@example.com');
      const rows = 40;
      const csv = [
        'name,street,streetnumber,zip,city,country',
        ...Array.from({ length: rows }, (_, i) => `Filiale ${i},Weg ${i},1,80331,München,DE`),
      ].join('\n');
      const file = multipartFile('upload', 'filialen.csv', csv, 'text/csv');
      const uploaded = await fetch(`${a.url}/api/merchants/${merchant}/multiple-locations`, {
        method: 'POST',
        headers: { ...headers, ...file.headers },
        body: new Uint8Array(file.payload),
      });
      expect(uploaded.status).toBe(200);
      const jobId = String(((await uploaded.json()) as { job: { id: string } }).job.id);
      const progress = async () =>
        (await (
          await fetch(`${b.url}/api/merchants/${merchant}/location-imports/${jobId}`, { headers })
        ).json()) as { status: string; processed: number; found: number };
      await until(async () => (await progress()).status === 'done', 60_000);
      expect(await progress()).toMatchObject({ processed: rows, found: rows });
      expect(geocoded.size).toBe(rows);
      const askers = [...geocoded.values()];
      expect(askers.every((asked) => asked.length === 1)).toBe(true);
      // One job of an upload runs at a time, in whichever process took it (the User-Agent names
      // the process's APP_NAME); the other answers its progress all the same.
      const byProcess = (name: string) =>
        askers.filter((asked) => asked[0]?.startsWith(`${name} (`)).length;
      expect(byProcess('A') + byProcess('B')).toBe(rows);
    });
  },
);
