/**
 * Builds the app for API tests against a freshly migrated real database:
 * an in-memory PGlite, or, when TEST_DATABASE_URL is set, a new PostgreSQL
 * database created for the test file and dropped afterwards.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import type { AppContext } from '../src/platform/context.js';
import { createAppContext } from '../src/bootstrap.js';
import { loadConfig } from '../src/platform/config/config.js';
import { MAIL_QUEUE } from '../src/platform/mail/outbox.js';
import { openDatabase, type Database, type OpenOptions } from '../src/platform/db/client.js';
import { merchants } from '../src/platform/db/schema.js';
import { seedDemoData } from '../src/ops/seed/demo-data.js';

export const PUBLIC_URL = 'http://localhost:3000';
export const REDIRECT_URI = `${PUBLIC_URL}/oauth2/postback`;
export const CLIENT_ID = 'backoffice-web';

export interface TestDatabase extends Database {
  /**
   * Another handle on the same database, as a second server process has:
   * its own connection pool on PostgreSQL; on PGlite (one process's
   * database) the same instance. Closing it leaves the database.
   */
  connectAgain(): Promise<Database>;
}

/** The migrated embedded database the run's global setup dumped, read once per test file. */
let pgliteTemplate: Promise<Blob> | undefined;

export async function openTestDatabase(options: OpenOptions = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    pgliteTemplate ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
    const memory = await openDatabase({ kind: 'memory', from: await pgliteTemplate }, options);
    return { ...memory, connectAgain: async () => ({ ...memory, close: async () => {} }) };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() }, options);
  return {
    ...database,
    connectAgain: () => openDatabase({ kind: 'postgres', url: url.toString() }),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The PKCE verifier of the tests' sign-ins (RFC 7636) and its S256 challenge:
 * one for all, since each code is bound to its own sign-in anyway.
 */
export const CODE_VERIFIER = 'test-verifier-0123456789-abcdefghijklmnopqrstuvwxyz';
export const CODE_CHALLENGE = createHash('sha256').update(CODE_VERIFIER).digest('base64url');

/**
 * One sign-in through the provider's form (authorization code flow with
 * PKCE), as the browser posts it; from `address` when given
 * (X-Forwarded-For, believed with TRUST_PROXY). The answer is the
 * provider's: a redirect with the code (redeemed by `tokenOf`), or the form
 * again with its error.
 */
export function signInAttempt(
  app: FastifyInstance,
  email: string,
  password: string,
  address?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/identity/authorize',
    ...(address ? { headers: { 'x-forwarded-for': address } } : {}),
    payload: {
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      scope: 'base',
      state: 's',
      code_challenge: CODE_CHALLENGE,
      code_challenge_method: 'S256',
      email,
      password,
    },
  });
}

/**
 * A sign-in of the implicit grant (`response_type=token`), answered only
 * where it is enabled (OAUTH_FLOW=implicit or OAUTH_ALLOW_IMPLICIT=true):
 * a redirect with the token in its fragment (`fragmentToken`).
 */
export function implicitSignInAttempt(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
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
}

/** The access token in the fragment of an implicit grant's redirect, if any. */
export function fragmentToken(answer: LightMyRequestResponse): string | undefined {
  const location = answer.headers.location;
  if (answer.statusCode !== 302 || typeof location !== 'string') return undefined;
  return new URLSearchParams(new URL(location).hash.slice(1)).get('access_token') ?? undefined;
}

/**
 * The access token of a successful sign-in: the code of the provider's
 * redirect (a `signInAttempt` answer) redeemed at the token endpoint, as the
 * web app does; undefined when the answer has no code or the token endpoint
 * refuses it.
 */
export async function tokenOf(
  app: FastifyInstance,
  answer: LightMyRequestResponse,
): Promise<string | undefined> {
  const location = answer.headers.location;
  if (answer.statusCode !== 302 || typeof location !== 'string') return undefined;
  const code = new URL(location).searchParams.get('code');
  if (!code) return undefined;
  const redeemed = await app.inject({
    method: 'POST',
    url: '/identity/token',
    payload: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      code_verifier: CODE_VERIFIER,
    },
  });
  if (redeemed.statusCode !== 200) return undefined;
  return redeemed.json<{ access_token?: string }>().access_token;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Signs in through the real authorization endpoint (code flow with PKCE) and returns the access token. */
  signIn(email: string, password?: string): Promise<string>;
  /** Signs in and calls POST /init-user, as the web app does. */
  signInAndInit(email: string, password?: string): Promise<string>;
  /** Access tokens by the name `api()` calls them: `signInAs` fills it, a test may add its own. */
  tokens: Record<string, string>;
  /**
   * Signs in and initialises people, one after another: a name alone is the
   * demo user `<name>@example.com` (apps with `seed: 'demo'`); an object
   * names people a factory made (`{ owner, staff }`). Each token goes into
   * `tokens[name]`.
   */
  signInAs(...who: (string | Record<string, SignInPerson>)[]): Promise<void>;
  /** Calls `/api<url>` as `who` (the bearer token `tokens[who]`); extra headers go on top. */
  api(
    method: Method,
    url: string,
    who: string,
    payload?: InjectOptions['payload'],
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** The id of the merchant with this brand name (throws when there is none). */
  merchantId(brandName: string): Promise<string>;
  close(): Promise<void>;
}

/** Who `signInAs` signs in: a person a factory made (test/factories). */
export interface SignInPerson {
  email: string;
  password: string;
}

export interface TestAppOptions {
  /**
   * The data the database starts with: none (the default; tests make theirs
   * with test/factories), or the demo cast (demo merchants and the users
   * `admin`, `agency`, `owner`, `silver`, `staff`, `multi` @example.com,
   * password `demo`), for tests about the demo.
   */
  seed?: 'none' | 'demo';
  /** A database another test app uses too (two server processes on one database); its owner closes it. */
  database?: Database;
  /** Runs after the context is made and before the app is built, as the server's start does with its demo activity. */
  beforeStart?: (ctx: AppContext) => Promise<unknown>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
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
  const database = options.database ?? (await openTestDatabase());
  if (options.seed === 'demo') await seedDemoData(database.db);
  const ctx = await createAppContext(config, database, { keepDemoKeyInDataDir: false });
  await options.beforeStart?.(ctx);
  const app = await buildApp(ctx);
  await app.ready();

  const signIn = async (email: string, password = 'demo') => {
    const response = await signInAttempt(app, email, password);
    if (response.statusCode !== 302) {
      throw new Error(`sign-in of ${email} failed with ${response.statusCode}`);
    }
    const token = await tokenOf(app, response);
    if (!token) throw new Error(`no token for the code in ${String(response.headers.location)}`);
    return token;
  };

  const signInAndInit = async (email: string, password?: string) => {
    const token = await signIn(email, password);
    const init = await app.inject({
      method: 'POST',
      url: '/api/init-user',
      headers: bearer(token),
    });
    if (init.statusCode !== 200) throw new Error(`init-user failed with ${init.statusCode}`);
    return token;
  };
  const tokens: Record<string, string> = {};

  return {
    app,
    ctx,
    signIn,
    signInAndInit,
    tokens,
    async signInAs(...who) {
      for (const entry of who) {
        if (typeof entry === 'string') {
          tokens[entry] = await signInAndInit(`${entry}@example.com`);
          continue;
        }
        for (const [name, person] of Object.entries(entry)) {
          tokens[name] = await signInAndInit(person.email, person.password);
        }
      }
    },
    api(method, url, who, payload, headers = {}) {
      return app.inject({
        method,
        url: `/api${url}`,
        headers: { ...bearer(String(tokens[who])), ...headers },
        ...(payload ? { payload } : {}),
      });
    },
    async merchantId(brandName) {
      const [row] = await ctx.db.select().from(merchants).where(eq(merchants.brandName, brandName));
      if (!row) throw new Error(`no merchant ${brandName}`);
      return row.id;
    },
    async close() {
      await app.close();
      if (!options.database) await database.close();
      await rm(outboxDir, { recursive: true, force: true });
    },
  };
}

/**
 * Method and path (Fastify form, `:param`) of every route in the app's route
 * table, HEAD left out: what tests that must cover every route walk.
 */
export function routeTable(app: FastifyInstance): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const full = (prefixes[depth - 1] ?? '') + (match[2] ?? '');
    prefixes[depth] = full;
    for (const method of (match[3] ?? '').split(', ')) {
      if (method !== 'HEAD') routes.push({ method, path: full });
    }
  }
  return routes;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The names of the files in the app's mail outbox folder now, once the mail
 * queue's due jobs are sent (mails queued earlier are not counted as new later).
 */
export async function outboxNames(t: TestApp): Promise<Set<string>> {
  await t.ctx.jobs.drain([MAIL_QUEUE]);
  return new Set(await readdir(t.ctx.config.mail.outboxDir).catch(() => []));
}

/**
 * The mails (raw .eml texts) written into the outbox folder since `before`
 * was taken with `outboxNames`: the mail queue's due jobs are sent first
 * (changes put their mails into the queue; its workers would send them
 * within a second).
 */
export async function mailsSince(t: TestApp, before: Set<string>): Promise<string[]> {
  await t.ctx.jobs.drain([MAIL_QUEUE]);
  const outbox = t.ctx.config.mail.outboxDir;
  const names = (await readdir(outbox).catch(() => [])).filter((name) => !before.has(name));
  return Promise.all(names.map((name) => readFile(path.join(outbox, name), 'utf8')));
}

/** The mails the app wrote into its outbox while `action` ran (raw .eml texts). */
export async function mailsDuring(t: TestApp, action: () => Promise<unknown>): Promise<string[]> {
  const before = await outboxNames(t);
  await action();
  return mailsSince(t, before);
}

/** A mail's text with quoted-printable undone (nodemailer writes bodies so). */
export function decodeQuotedPrintable(mail: string): string {
  const soft = mail.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft[i] === '=' ? /^[0-9A-F]{2}$/.exec(soft.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft.charAt(i), 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
