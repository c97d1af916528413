/**
 * Every answer names its request (issue 30, point 6): `X-Request-Id` on
 * successes and on every kind of refusal, the same id the request's log
 * lines carry as `reqId`, so that the id a user reads in a failed request's
 * alert finds the request in the log. A proxy's id is taken only from a
 * proxy the settings trust, and only when it is a short token.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createAppContext } from '../src/bootstrap.js';
import { loadConfig } from '../src/platform/config/config.js';
import { createLogger } from '../src/platform/http/logging.js';
import { seedDemoData } from '../src/ops/seed/demo-data.js';
import {
  PUBLIC_URL,
  bearer,
  createTestApp,
  openTestDatabase,
  type TestApp,
  type TestDatabase,
} from './helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.signInAs('owner');
});
afterAll(async () => t.close());

describe('X-Request-Id', () => {
  it('names every answer with an id of its own: successes, refusals and errors', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/health' }),
      await t.api('GET', '/campaigns', 'owner'),
      // Refused by the route's schema, by the resolver, unknown, without a token, before routing.
      await t.api('GET', '/campaigns/not-a-uuid', 'owner'),
      await t.api('GET', '/campaigns/00000000-0000-4000-8000-000000000000', 'owner'),
      await t.api('GET', '/no-such-thing', 'owner'),
      await t.app.inject({ method: 'GET', url: '/api/campaigns' }),
      await t.app.inject({
        method: 'GET',
        url: '/api/campaigns/%ED%A0%80',
        headers: bearer(String(t.tokens.owner)),
      }),
      // A body the parser refuses.
      await t.app.inject({
        method: 'POST',
        url: '/api/init-user',
        headers: { ...bearer(String(t.tokens.owner)), 'content-type': 'application/json' },
        payload: '{"broken":',
      }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      200, 200, 400, 404, 404, 401, 400, 400,
    ]);
    const ids = answers.map((answer) => String(answer.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('ignores an id the client sends when no proxy is trusted', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    expect(answer.headers['x-request-id']).toMatch(UUID);
  });

  it('takes a trusted proxy’s id when it is a short token, and only from that proxy', async () => {
    const behindProxy = await createTestApp({ TRUST_PROXY: '10.0.0.1' });
    try {
      const fromProxy = (id: string, remoteAddress = '10.0.0.1') =>
        behindProxy.app.inject({
          method: 'GET',
          url: '/health',
          remoteAddress,
          headers: { 'x-request-id': id },
        });
      const nginx = '4c7d0b6e2f1a9e8d3c5b7a6f0e1d2c3b';
      expect((await fromProxy(nginx)).headers['x-request-id']).toBe(nginx);
      // Not a short token: a new id instead.
      for (const refused of ['two words', 'x'.repeat(129), '', '<script>', 'a"b']) {
        expect((await fromProxy(refused)).headers['x-request-id'], refused).toMatch(UUID);
      }
      // The same header straight from a client the settings do not trust.
      expect((await fromProxy(nginx, '203.0.113.9')).headers['x-request-id']).toMatch(UUID);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('the request id in the log', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let database: TestDatabase;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'request-id-'));
    database = await openTestDatabase();
    await seedDemoData(database.db);
    const config = loadConfig({
      DEMO: 'true',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      PUBLIC_URL,
      SCHEDULER_INTERVAL_SECONDS: '0',
      TRUST_PROXY: '10.0.0.1',
    });
    const ctx = await createAppContext(config, database, { keepDemoKeyInDataDir: false });
    app = await buildApp({
      ...ctx,
      log: createLogger('info', { write: (line: string) => void lines.push(line) }),
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is the reqId of the failed request’s log lines', async () => {
    const before = lines.length;
    const refused = await app.inject({ method: 'GET', url: '/api/campaigns' });
    expect(refused.statusCode).toBe(401);
    const id = String(refused.headers['x-request-id']);
    const logged = lines
      .slice(before)
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    expect(logged.filter((entry) => entry.reqId === id).map((entry) => entry.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
  });

  it('is the trusted proxy’s id when it sent one, in the log lines and the answer', async () => {
    const before = lines.length;
    const proxyId = '4c7d0b6e2f1a9e8d3c5b7a6f0e1d2c3b';
    const refused = await app.inject({
      method: 'GET',
      url: '/api/campaigns',
      remoteAddress: '10.0.0.1',
      headers: { 'x-request-id': proxyId },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBe(proxyId);
    const logged = lines
      .slice(before)
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    expect(logged.filter((entry) => entry.reqId === proxyId).map((entry) => entry.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
  });
});
