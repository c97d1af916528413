/**
 * Builds the app for API tests against a freshly migrated real database:
 * an in-memory PGlite, or, when TEST_DATABASE_URL is set, a new PostgreSQL
 * database created for the test file and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import type { AppContext } from '../src/app-context.js';
import { createAppContext } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { seedDemoData } from '../src/seed/demo-data.js';

export const PUBLIC_URL = 'http://localhost:3000';
export const REDIRECT_URI = `${PUBLIC_URL}/oauth2/postback`;
export const CLIENT_ID = 'backoffice-web';

export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDatabase({ kind: 'memory' });
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Signs in through the real authorization endpoint (implicit grant) and returns the access token. */
  signIn(email: string, password?: string): Promise<string>;
  /** Signs in and calls POST /init-user, as the web app does. */
  signInAndInit(email: string): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const outboxDir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  const config = loadConfig({
    DEMO: 'true',
    OUTBOX_DIR: outboxDir,
    SCHEDULER_INTERVAL_SECONDS: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    ...env,
  });
  const database = await openTestDatabase();
  await seedDemoData(database.db);
  const ctx = await createAppContext(config, database, { keepDemoKeyInDataDir: false });
  const app = await buildApp(ctx);
  await app.ready();

  const signIn = async (email: string, password = 'demo') => {
    const response = await app.inject({
      method: 'POST',
      url: '/identity/authorize',
      payload: {
        response_type: 'token',
        client_id: CLIENT_ID,
        redirect_uri: REDIRECT_URI,
        scope: 'base',
        state: 's',
        email,
        password,
      },
    });
    const location = response.headers.location;
    if (response.statusCode !== 302 || typeof location !== 'string') {
      throw new Error(`sign-in of ${email} failed with ${response.statusCode}`);
    }
    const token = new URLSearchParams(new URL(location).hash.slice(1)).get('access_token');
    if (!token) throw new Error(`no token in ${location}`);
    return token;
  };

  return {
    app,
    ctx,
    signIn,
    async signInAndInit(email) {
      const token = await signIn(email);
      const init = await app.inject({
        method: 'POST',
        url: '/api/init-user',
        headers: bearer(token),
      });
      if (init.statusCode !== 200) throw new Error(`init-user failed with ${init.statusCode}`);
      return token;
    },
    async close() {
      await app.close();
      await database.close();
      await rm(outboxDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The mails the app wrote into its outbox while `action` ran (raw .eml texts). */
export async function mailsDuring(t: TestApp, action: () => Promise<unknown>): Promise<string[]> {
  const outbox = t.ctx.config.mail.outboxDir;
  const before = new Set(await readdir(outbox).catch(() => []));
  await action();
  const names = (await readdir(outbox).catch(() => [])).filter((name) => !before.has(name));
  return Promise.all(names.map((name) => readFile(path.join(outbox, name), 'utf8')));
}
