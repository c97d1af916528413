/**
 * The request log names no participant: an erased participant's id is not
 * kept in the log of the request that erased it, nor of any request that
 * carried it in its path or query, nor of a failed query that had it as a
 * parameter. Runs the app with its real logger into a captured stream.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm';
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
  openTestDatabase,
  signInAttempt,
  tokenOf,
  type TestDatabase,
} from './helpers.js';

describe('request logs', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let database: TestDatabase;
  let dataDir = '';
  let admin = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'log-privacy-'));
    database = await openTestDatabase();
    await seedDemoData(database.db);
    const config = loadConfig({
      DEMO: 'true',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'trace',
      PUBLIC_URL,
      SCHEDULER_INTERVAL_SECONDS: '0',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    });
    const ctx = await createAppContext(config, database, { keepDemoKeyInDataDir: false });
    app = await buildApp({
      ...ctx,
      log: createLogger('trace', { write: (line: string) => void lines.push(line) }),
    });
    const signedIn = await signInAttempt(app, 'admin@example.com', 'demo');
    admin = String(await tokenOf(app, signedIn));
    await app.inject({ method: 'POST', url: '/api/init-user', headers: bearer(admin) });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The log lines written while `action` ran. */
  async function logOf(action: () => Promise<unknown>): Promise<string> {
    const before = lines.length;
    await action();
    return lines.slice(before).join('');
  }

  it('never carry the id of a participant erased through its path', async () => {
    const participant = 'erased-Participant_4711';
    const log = await logOf(async () => {
      const erased = await app.inject({
        method: 'DELETE',
        url: `/api/admin/participants/${participant}`,
        headers: bearer(admin),
      });
      expect(erased.statusCode).toBe(200);
    });
    // Both lines of the request were written, with the route's path and no id.
    expect(log).toContain('incoming request');
    expect(log).toContain('request completed');
    expect(log).toContain('/api/admin/participants/[redacted]');
    expect(log).not.toContain(participant);
  });

  it('never carry an id refused by the route, nor one asked for in a search', async () => {
    const invalid = 'not.a.participant.but.personal';
    const searched = 'searched-participant-0815';
    const log = await logOf(async () => {
      const refused = await app.inject({
        method: 'DELETE',
        url: `/api/admin/participants/${invalid}`,
        headers: bearer(admin),
      });
      expect(refused.statusCode).toBe(400);
      // The code uses of an access-code set are searched by code or participant.
      const search = await app.inject({
        url: `/api/access-code-sets/${randomUUID()}/uses?q=${searched}&page=1`,
        headers: bearer(admin),
      });
      expect(search.statusCode).toBe(404);
    });
    expect(log).toContain('/api/admin/participants/[redacted]');
    expect(log).toContain('uses?q=[redacted]&page=1');
    expect(log).not.toContain(invalid);
    expect(log).not.toContain(searched);
  });

  it('never carry the parameters of a failed query, which may name participants', async () => {
    const participant = 'failed-query-participant-42';
    const log = await logOf(async () => {
      const cause = new Error('deadlock detected');
      const failed = new DrizzleQueryError(
        'delete from "participants" where "participant_id" = $1',
        [participant],
        cause,
      );
      app.log.error({ err: failed }, 'unhandled error');
      app.log.error({ err: new Error('wrapped', { cause: failed }) }, 'unhandled error');
    });
    expect(log).toContain('delete from \\"participants\\"');
    expect(log).toContain('deadlock detected');
    expect(log).not.toContain(participant);
  });
});
