/**
 * Faults, nothing lost: a server process killed (SIGKILL) in the middle of a
 * codes import, of a location CSV upload and of a burst of campaign saves
 * leaves no half-written data,
 * and every save it answered 200 for is there after a restart. The server
 * runs as its own process from the sources, on a PGlite data folder, and on
 * a fresh PostgreSQL database where TEST_DATABASE_URL is set.
 */
import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../fixtures/multipart.js';
import {
  seedDemoAccounts,
  signInOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../fixtures/server-process.js';

type Running = ServerProcess;

const started = new Set<ChildProcess>();

/** A server process on the database of `env`, killed after the test whatever happens. */
async function startServer(env: Record<string, string>): Promise<Running> {
  const server = await startServerProcess({ DEMO: 'true', ...env });
  started.add(server.child);
  return server;
}

async function kill(server: Running): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

async function signIn(url: string): Promise<{ token: string; merchant: string }> {
  const token = await signInOverHttp(url);
  const headers = { authorization: `Bearer ${token}` };
  await fetch(`${url}/api/init-user`, { method: 'POST', headers });
  const merchants = (await (await fetch(`${url}/api/merchants`, { headers })).json()) as {
    rows: { uuid: string }[];
  };
  const merchant = merchants.rows[0]?.uuid;
  if (!merchant) throw new Error('the demo owner has no merchant');
  return { token, merchant };
}

async function call(
  url: string,
  token: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; json: () => Promise<unknown> }> {
  const answer = await fetch(`${url}/api${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: answer.status, json: () => answer.json() };
}

/**
 * Sends a file upload and kills the server `when` after the last byte left:
 * a delay in ms, or as soon as a check says so (polled); resolves how long
 * the answer took when one came first (the server then lives on), or
 * 'unanswered' when the kill came before the answer.
 */
function uploadAndKill(
  server: Running,
  token: string,
  route: string,
  file: { payload: Buffer; headers: Record<string, string> },
  when: number | (() => Promise<boolean>) = 50,
) {
  return new Promise<number | 'unanswered'>((resolve) => {
    const target = new URL(`${server.url}/api${route}`);
    const outgoing = httpRequest(target, {
      method: 'POST',
      headers: {
        ...file.headers,
        authorization: `Bearer ${token}`,
        'content-length': String(file.payload.length),
      },
    });
    let sent = 0;
    let settled = false;
    outgoing.on('response', (response) => {
      settled = true;
      response.resume();
      resolve(performance.now() - sent);
    });
    outgoing.on('error', () => {
      settled = true;
      resolve('unanswered');
    });
    outgoing.on('finish', () => {
      sent = performance.now();
      if (typeof when === 'number') {
        setTimeout(() => {
          if (!settled) server.child.kill('SIGKILL');
        }, when);
        return;
      }
      void (async () => {
        while (!settled && !(await when())) await new Promise((r) => setTimeout(r, 2));
        if (!settled) server.child.kill('SIGKILL');
      })();
    });
    outgoing.end(file.payload);
  });
}

/** Sends a file upload and answers how long the answer took (no kill). */
async function uploadTimed(
  url: string,
  token: string,
  route: string,
  file: { payload: Buffer; headers: Record<string, string> },
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const answer = await fetch(`${url}/api${route}`, {
    method: 'POST',
    headers: { ...file.headers, authorization: `Bearer ${token}` },
    body: new Uint8Array(file.payload),
  });
  await answer.arrayBuffer();
  return { status: answer.status, ms: performance.now() - started };
}

/** The fault tests on one database; reported as skipped where it is not there (`available`). */
function faultsOn(name: string, database: () => Promise<Record<string, string>>, available = true) {
  describe.runIf(available)(`a server killed mid-work, on ${name}`, () => {
    let env: Record<string, string>;
    let cleanUp = async () => {};

    beforeAll(async () => {
      env = await database();
      cleanUp = async () => {
        if (env['DATA_DIR']) await rm(env['DATA_DIR'], { recursive: true, force: true });
        if (env['DATABASE_URL']) {
          const adminUrl = process.env.TEST_DATABASE_URL ?? '';
          const admin = new pg.Client({ connectionString: adminUrl });
          await admin.connect();
          await admin.query(
            `drop database if exists ${new URL(env['DATABASE_URL']).pathname.slice(1)} with (force)`,
          );
          await admin.end();
        }
      };
    });
    afterEach(async () => {
      // A failed test may leave a server running: none outlives its test.
      for (const child of started) child.kill('SIGKILL');
      started.clear();
    });
    afterAll(async () => cleanUp());

    it('stores an import of 100,000 codes whole or not at all', async () => {
      const first = await startServer(env);
      const { token, merchant } = await signIn(first.url);
      const created = await call(first.url, token, 'POST', '/campaigns', {
        merchant,
        type: 'coupon/percent',
      });
      expect(created.status).toBe(200);
      const campaign = ((await created.json()) as { campaign: { uuid: string } }).campaign.uuid;
      const codes = Array.from({ length: 100_000 }, (_, i) => `KILL-${i}`).join('\n');
      const file = multipartFile('upload', 'codes.txt', codes, 'text/plain');
      const answered = await uploadAndKill(
        first,
        token,
        `/campaigns/${campaign}/multiple-codes/upload`,
        file,
      );
      if (answered !== 'unanswered') first.child.kill('SIGKILL');
      await first.exited;
      expect(answered, 'the server answered before it was killed').toBe('unanswered');

      const second = await startServer(env);
      try {
        const again = await signIn(second.url);
        const stored = await call(
          second.url,
          again.token,
          'GET',
          `/campaigns/${campaign}/multiple-codes`,
        );
        expect(stored.status).toBe(200);
        const { available } = (await stored.json()) as { available: number };
        expect([0, 100_000]).toContain(available);
      } finally {
        await kill(second);
      }
    });

    it('stores a location CSV upload whole or not at all', async () => {
      const rows = 5000;
      const first = await startServer(env);
      const { token, merchant } = await signIn(first.url);
      const route = `/merchants/${merchant}/multiple-locations`;
      const csv = (prefix: string) =>
        multipartFile(
          'upload',
          'filialen.csv',
          [
            'name,street,streetnumber,zip,city,country,is_redemption',
            ...Array.from(
              { length: rows },
              (_, i) => `${prefix} ${i},Unter den Linden,${(i % 200) + 1},10117,Berlin,DE,ja`,
            ),
          ].join('\n'),
          'text/csv',
        );
      const count = async (url: string, bearer: string, prefix: string) => {
        const list = await call(url, bearer, 'GET', `/merchants/${merchant}/locations`);
        expect(list.status).toBe(200);
        const { rows: stored } = (await list.json()) as { rows: { name: string }[] };
        return stored.filter(({ name }) => name.startsWith(`${prefix} `)).length;
      };
      // How long a whole upload takes here once warm, so that the kill lands in the middle of
      // the next one (the first upload of a process is the slowest).
      const probes = [];
      for (const prefix of ['Probe', 'Probe2']) {
        const whole = await uploadTimed(first.url, token, route, csv(prefix));
        expect(whole.status).toBe(200);
        expect(await count(first.url, token, prefix)).toBe(rows);
        probes.push(whole.ms);
      }
      const wholeMs = Math.min(...probes);
      // On PostgreSQL the kill comes once the upload's rows are written but not committed.
      // PGlite (inside the server's process) is not seen from outside: there, at a share of
      // the time, a smaller one on each try that was answered first (a busy machine's timing
      // varies); an answered upload is whole, checked below like the probes.
      const databaseUrl = env['DATABASE_URL'];
      const watch = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
      await watch?.connect();
      const inserting = async () => {
        const { rows: found } = await (watch as pg.Client).query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and xact_start is not null
              and query ilike 'insert into "locations"%'`,
        );
        return (found[0]?.n ?? 0) > 0;
      };
      const whole = ['Probe', 'Probe2'];
      let killed: string | undefined;
      for (const [attempt, share] of [0.6, 0.4, 0.25].entries()) {
        const prefix = `Abbruch${attempt}`;
        const answered = await uploadAndKill(
          first,
          token,
          route,
          csv(prefix),
          watch ? inserting : wholeMs * share,
        );
        if (answered === 'unanswered') {
          killed = prefix;
          break;
        }
        whole.push(prefix);
      }
      await watch?.end();
      if (!killed) first.child.kill('SIGKILL');
      await first.exited;
      expect(killed, 'the server answered every upload before it was killed').toBeDefined();

      const second = await startServer(env);
      try {
        const again = await signIn(second.url);
        expect([0, rows]).toContain(await count(second.url, again.token, killed ?? ''));
        for (const prefix of whole) {
          expect(await count(second.url, again.token, prefix)).toBe(rows);
        }
      } finally {
        await kill(second);
      }
    });

    it('keeps every save it answered 200 for, and no other change half-done', async () => {
      const first = await startServer(env);
      const { token, merchant } = await signIn(first.url);
      const campaigns: string[] = [];
      for (let i = 0; i < 12; i += 1) {
        const created = await call(first.url, token, 'POST', '/campaigns', {
          merchant,
          type: 'coupon/percent',
        });
        campaigns.push(((await created.json()) as { campaign: { uuid: string } }).campaign.uuid);
      }
      const saved = new Set<string>();
      let answers = 0;
      const burst = campaigns.map(async (id, i) => {
        const title = `Gespeichert ${i}`;
        const answer = await call(first.url, token, 'POST', `/campaigns/${id}`, {
          title: { de: title },
          description: { de: `Beschreibung ${i}` },
        }).catch(() => undefined);
        if (answer?.status === 200) saved.add(id);
        answers += 1;
        // Killed once a few saves were answered, while others are under way.
        if (answers === 4) first.child.kill('SIGKILL');
      });
      await Promise.all(burst);
      await first.exited;
      expect(saved.size).toBeGreaterThanOrEqual(1);
      expect(saved.size, 'the kill came after every save was answered').toBeLessThan(
        campaigns.length,
      );

      const second = await startServer(env);
      try {
        const again = await signIn(second.url);
        for (const [i, id] of campaigns.entries()) {
          const read = await call(second.url, again.token, 'GET', `/campaigns/${id}`);
          expect(read.status).toBe(200);
          const { campaign } = (await read.json()) as {
            campaign: { title: Record<string, string>; description: Record<string, string> };
          };
          const title = campaign.title['de'] ?? '';
          const description = campaign.description['de'] ?? '';
          if (saved.has(id)) expect(title).toBe(`Gespeichert ${i}`);
          // Title and description went in one save: both or neither.
          expect(title === `Gespeichert ${i}`).toBe(description === `Beschreibung ${i}`);
        }
      } finally {
        await kill(second);
      }
    });
  });
}

faultsOn('PGlite', async () => ({
  DATA_DIR: await mkdtemp(path.join(tmpdir(), 'faults-')),
  DATABASE_URL: '',
}));

const adminUrl = process.env.TEST_DATABASE_URL ?? '';
faultsOn(
  'PostgreSQL',
  async () => {
    const name = `faults_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // The server seeds demo accounts only into an embedded database; here the seed command does.
    seedDemoAccounts(url.toString());
    return {
      DATABASE_URL: url.toString(),
      DATA_DIR: await mkdtemp(path.join(tmpdir(), 'faults-')),
    };
  },
  adminUrl !== '',
);
