import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { createAppContext } from '../../../src/bootstrap.js';
import { ConfigError, loadConfig, trustProxyOption } from '../../../src/platform/config/config.js';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, pgliteFolder, queryRows } from '../../../src/platform/db/client.js';
import { PGLITE_OPTIONS } from '../../../src/platform/db/embedded.js';
import { loadSigningKey } from '../../../src/platform/identity/keys.js';
import { seedDemoData } from '../../../src/ops/seed/demo-data.js';
import { createMerchantWithOwner } from '../../factories/index.js';
import { createTestApp, openTestDatabase, type TestApp } from '../../helpers.js';
import { expectProblem } from '../../fixtures/problem.js';

const serverSource = path.join(import.meta.dirname, '../..', '..', 'src');

describe('configuration', () => {
  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ OAUTH_FLOW: 'password' })).toThrow(/OAUTH_FLOW/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(
      /SMTP_URL: an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com' }).mail.smtpUrl).toBe(
      'smtps://u:p@mail.example.com',
    );
  });

  it('waits an hour after a sweepstake’s end before the scheduler draws, or as long as DRAW_DELAY_MINUTES says', () => {
    expect(loadConfig({}).campaigns.drawDelayMinutes).toBe(60);
    expect(loadConfig({ DRAW_DELAY_MINUTES: '0' }).campaigns.drawDelayMinutes).toBe(0);
    expect(loadConfig({ DRAW_DELAY_MINUTES: '1440' }).campaigns.drawDelayMinutes).toBe(1440);
    for (const bad of ['-1', '1.5', 'soon']) {
      expect(() => loadConfig({ DRAW_DELAY_MINUTES: bad }), bad).toThrow(/DRAW_DELAY_MINUTES/);
    }
  });

  it('refuses to run on PostgreSQL or outside demo mode without a signing key', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x' })).toThrow(/JWT_PRIVATE_KEY/);
    expect(() => loadConfig({ DEMO: 'false' })).toThrow(/JWT_PRIVATE_KEY/);
  });

  it('names JWT_PRIVATE_KEY when its key is not a P-256 key in PKCS#8', async () => {
    const sec1 = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'sec1', format: 'pem' })
      .toString();
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    for (const privateKeyPem of ['garbage', sec1, p384, rsa]) {
      const loading = loadSigningKey({ privateKeyPem, demoKeyDir: undefined });
      await expect(loading).rejects.toBeInstanceOf(ConfigError);
      await expect(loading).rejects.toThrow(/JWT_PRIVATE_KEY: not a P-256 private key in PKCS#8/);
    }
    const good = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect((await loadSigningKey({ privateKeyPem: good, demoKeyDir: undefined })).kid).toBeTruthy();
  });

  it('is in demo mode on the embedded database by default, never on PostgreSQL', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ DEMO: 'false', JWT_PRIVATE_KEY: 'x' }).demo).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://localhost/x', DEMO: 'true', JWT_PRIVATE_KEY: 'x' })
        .demo,
    ).toBe(false);
  });
});

describe('shared services in the configuration', () => {
  it('takes a Redis URL and an object store, and names a bad or incomplete one', () => {
    expect(loadConfig({}).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'rediss://:secret@cache:6380/2' }).redis).toEqual({
      url: 'rediss://:secret@cache:6380/2',
      keyPrefix: 'backoffice:',
    });
    for (const bad of ['http://cache:6379', 'cache:6379']) {
      expect(() => loadConfig({ REDIS_URL: bad }), bad).toThrow(/REDIS_URL/);
    }
    expect(loadConfig({}).files.s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'backoffice-files',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_REQUEST_TIMEOUT_MS: '8000',
      }).files.s3,
    ).toEqual({
      bucket: 'backoffice-files',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      connectTimeoutMs: 3000,
      requestTimeoutMs: 8000,
    });
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_CONNECT_TIMEOUT_MS: '0' })).toThrow(
      /S3_CONNECT_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
  });
});

describe('network exposure', () => {
  it('listens on loopback in demo mode unless HOST says otherwise, on every interface outside it', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ DEMO: 'true', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DEMO: 'false', JWT_PRIVATE_KEY: 'x' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DEMO: 'false', JWT_PRIVATE_KEY: 'x', HOST: '10.0.0.5' }).host).toBe(
      '10.0.0.5',
    );
  });

  it('trusts no proxy unless TRUST_PROXY names them', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'loopback',
    ]);
    for (const bad of ['10.0.0.0/33', 'proxy.example.com', '1.2.3', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
    // A hop count trusts that many proxies in front (Fastify alone would trust none for a number).
    const twoHops = trustProxyOption(2);
    expect(typeof twoHops === 'function' && [0, 1, 2].map((hop) => twoHops('x', hop))).toEqual([
      true,
      true,
      false,
    ]);
  });
});

describe('system endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOCALE: 'de-CH', AVAILABLE_LOCALES: 'de,en,fr' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /health and /ready', async () => {
    expect((await t.app.inject('/health')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/ready')).json()).toEqual({ status: 'ready' });
  });

  it('serves the runtime config; the Swiss locale gives CHF', async () => {
    const config = (await t.app.inject('/config.json')).json();
    expect(config).toMatchObject({
      apiUrl: '/api',
      currency: 'CHF',
      locale: 'de-CH',
      availableLocales: ['de', 'en', 'fr'],
      oauth: { flow: 'code', clientId: 'backoffice-web', scope: 'base', realm: 'backoffice' },
    });
    const euro = await createTestApp();
    try {
      expect((await euro.app.inject('/config.json')).json().currency).toBe('EUR');
    } finally {
      await euro.close();
    }
  });

  it('publishes the API description at /api/docs', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/init-user', '/api/merchants', '/api/v2/my/tokens']),
    );
  });

  it('answers bad JSON with bad_input, never 500', async () => {
    const { owner } = await createMerchantWithOwner(t.ctx.db);
    const token = await t.signIn(owner.email, owner.password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/init-user',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBe(400);
    expectProblem(response, { status: 400, message: 'bad_input' });
  });
});

describe('web app hosting', () => {
  let dir: string;
  let t: Pick<TestApp, 'app' | 'ctx' | 'close'>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(dir, 'assets', 'app-abc.js'), 'console.log(1)');
    const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST_DIR: dir });
    const database = await openTestDatabase();
    const ctx = await createAppContext(config, database, { keepDemoKeyInDataDir: false });
    const app = await buildApp(ctx, { serveWeb: true });
    t = {
      app,
      ctx,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('falls back to index.html for app routes (history mode)', async () => {
    for (const url of [
      '/',
      '/please-upgrade',
      '/oauth2/postback',
      '/0b5e3e8e-0000-4000-8000-000000000000/campaigns/list?filter_status=created',
    ]) {
      // The address of PUBLIC_URL: in demo mode another one is sent there first.
      const response = await t.app.inject({
        url,
        headers: { accept: 'text/html', host: 'localhost:3000' },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets for a year and keeps API 404s as JSON', async () => {
    const asset = await t.app.inject('/assets/app-abc.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await t.app.inject({ url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expectProblem(api, { status: 404, message: 'not_found' });
    const identity = await t.app.inject({
      url: '/identity/nothing',
      headers: { accept: 'text/html' },
    });
    expect(identity.statusCode).toBe(404);
    expectProblem(identity, { status: 404, message: 'not_found' });
  });
});

describe('database', () => {
  it('keeps concurrent transactions on PGlite from interleaving', async () => {
    const database = await openDatabase({ kind: 'memory' });
    try {
      await database.db.execute(sql`create table counter (n integer not null)`);
      await database.db.execute(sql`insert into counter values (0)`);
      const increment = () =>
        database.db.transaction(async (tx) => {
          const [row] = await queryRows<{ n: number }>(tx, sql`select n from counter`);
          const n = Number(row?.n);
          await new Promise((resolve) => setTimeout(resolve, 5));
          await tx.execute(sql`update counter set n = ${n + 1}`);
        });
      await Promise.all(Array.from({ length: 20 }, increment));
      const [row] = await queryRows<{ n: number }>(database.db, sql`select n from counter`);
      expect(Number(row?.n)).toBe(20);
    } finally {
      await database.close();
    }
  });

  // Defined where PostgreSQL is (CI runs the server tests against it): PGlite has no connections to lose.
  it.runIf(process.env.TEST_DATABASE_URL !== undefined)(
    'survives PostgreSQL dropping its idle connections, tells it, and reconnects',
    async () => {
      const lost: Error[] = [];
      const database = await openTestDatabase({ onConnectionLost: (error) => lost.push(error) });
      try {
        await database.ping();
        const [self] = await queryRows<{ db: string }>(
          database.db,
          sql`select current_database() as db`,
        );
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [self?.db],
        );
        await admin.end();
        await new Promise((resolve) => setTimeout(resolve, 200));
        // The server logs it (bootstrap.ts: 'PostgreSQL connection lost').
        expect(lost.length).toBeGreaterThan(0);
        expect(await database.ping()).toBe(true);
      } finally {
        await database.close();
      }
    },
  );

  it('creates a new data folder through `create`, with the folder locked, and opens it sized down', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pglite-'));
    try {
      let creations = 0;
      // What the server's short-lived process does (create-data-folder.ts), here in this one.
      const create = async () => {
        creations += 1;
        expect(await readFile(path.join(dataDir, 'pglite.lock'), 'utf8')).toContain(
          ` ${process.pid}`,
        );
        const initdb = new PGlite(pgliteFolder(dataDir), PGLITE_OPTIONS);
        await initdb.waitReady;
        await initdb.close();
      };
      const first = await openDatabase({ kind: 'pglite', dataDir }, { create });
      const [setting] = await queryRows<{ shared_buffers: string }>(
        first.db,
        sql`show shared_buffers`,
      );
      expect(setting?.shared_buffers).toBe('16MB');
      // Migrated in the server process (the folder's process ran only initdb here).
      await queryRows(first.db, sql`select count(*) from campaigns`);
      await first.close();
      const second = await openDatabase({ kind: 'pglite', dataDir }, { create });
      await second.close();
      expect(creations).toBe(1);
      // Only a process the lock holder started may work in its lock.
      await expect(
        openDatabase({ kind: 'pglite', dataDir }, { lockedByParent: true }),
      ).rejects.toThrow(/not locked by the parent process/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps its data, migrates and seeds the demo data only once in a data folder', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pglite-'));
    try {
      const migrated: number[] = [];
      const onMigrated = (applied: number) => void migrated.push(applied);
      const first = await openDatabase({ kind: 'pglite', dataDir }, { onMigrated });
      expect(await seedDemoData(first.db)).toBe(true);
      await first.close();
      // The first start reports every migration it applied (the log's line); a restart none.
      const journal = JSON.parse(
        await readFile(
          path.join(serverSource, 'platform', 'db', 'migrations', 'meta', '_journal.json'),
          'utf8',
        ),
      ) as { entries: unknown[] };
      expect(migrated).toEqual([journal.entries.length]);
      const second = await openDatabase({ kind: 'pglite', dataDir }, { onMigrated });
      expect(migrated).toHaveLength(1);
      expect(await seedDemoData(second.db)).toBe(false);
      const [row] = await queryRows<{ c: number }>(
        second.db,
        sql`select count(*)::int as c from users`,
      );
      expect(Number(row?.c)).toBe(6);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
