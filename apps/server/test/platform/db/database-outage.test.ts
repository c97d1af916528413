/**
 * PostgreSQL stopped under a running server: /ready answers 503, requests get
 * a clear 503 with a message key (no 500, no hang), and when the database
 * returns the server recovers by itself: the same session goes on. The test
 * runs its own PostgreSQL cluster (Debian's binaries, in a temporary folder,
 * on a free port), so stopping it disturbs no other test; it runs where those
 * binaries are and TEST_DATABASE_URL asks for PostgreSQL.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnavailable } from '../../../src/platform/http/errors.js';
import {
  seedDemoAccounts,
  signInOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../../fixtures/server-process.js';
import { freePort } from '../../fixtures/ports.js';
import { until } from '../../fixtures/until.js';

const binaries = (() => {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const version = readdirSync(base).sort().at(-1);
  const bin = version ? path.join(base, version, 'bin') : '';
  return existsSync(path.join(bin, 'pg_ctl')) ? bin : undefined;
})();

/** Runs a PostgreSQL binary as the postgres user when we are root (initdb refuses root). */
function pgCommand(name: string, args: string[]): void {
  const command = path.join(binaries ?? '', name);
  const asRoot = process.getuid?.() === 0;
  execFileSync(
    asRoot ? 'runuser' : command,
    asRoot ? ['-u', 'postgres', '--', command, ...args] : args,
    {
      stdio: 'ignore',
    },
  );
}

// Defined where PostgreSQL runs the server tests (CI does): PGlite has no connections to lose.
describe.runIf(binaries !== undefined && process.env.TEST_DATABASE_URL !== undefined)(
  'PostgreSQL stopped under a running server',
  () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'outage-'));
    const dataDir = path.join(folder, 'cluster');
    // Asked of the system when the cluster starts: a port taken at random from a
    // fixed range could be the local side of one of the suite's own connections.
    let port = 0;
    let databaseUrl = '';
    let server: ServerProcess | undefined;
    const url = () => server?.url ?? '';

    const startCluster = () =>
      pgCommand('pg_ctl', [
        '-D',
        dataDir,
        '-o',
        `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`,
        '-l',
        path.join(folder, 'postgres.log'),
        '-w',
        'start',
      ]);
    const stopCluster = () => pgCommand('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);

    beforeAll(async () => {
      if (process.getuid?.() === 0) {
        const user = Number(execFileSync('id', ['-u', 'postgres']).toString());
        const group = Number(execFileSync('id', ['-g', 'postgres']).toString());
        chownSync(folder, user, group);
      }
      pgCommand('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
      port = await freePort();
      databaseUrl = `postgres://postgres@127.0.0.1:${String(port)}/postgres`;
      startCluster();
      seedDemoAccounts(databaseUrl);
      server = await startServerProcess({
        DATABASE_URL: databaseUrl,
        DATA_DIR: path.join(folder, 'files'),
      });
    });

    afterAll(() => {
      server?.child.kill('SIGKILL');
      try {
        stopCluster();
      } catch {
        // already stopped
      }
      rmSync(folder, { recursive: true, force: true });
    });

    it('answers 503 while the database is gone and goes on by itself when it is back', async () => {
      const token = await signInOverHttp(url());
      const merchants = () =>
        fetch(`${url()}/api/merchants`, { headers: { authorization: `Bearer ${token}` } });
      expect((await merchants()).status).toBe(200);

      stopCluster();
      await until(async () => (await fetch(`${url()}/ready`)).status === 503);
      const refused = await merchants();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect(await refused.json()).toMatchObject({ status: 503, message: 'service_unavailable' });

      startCluster();
      await until(async () => (await fetch(`${url()}/ready`)).status === 200);
      // The same session goes on: nothing was lost with the connections.
      expect((await merchants()).status).toBe(200);
    });
  },
);

describe('an unreachable database', () => {
  it('is told apart from other errors, also when wrapped as a cause', async () => {
    // Nothing listens on port 1: the driver's own error of a refused connection.
    const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:1/none' });
    const refused = await client.connect().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(databaseUnavailable(refused)).toBe(true);
    expect(databaseUnavailable(new Error('query failed', { cause: refused }))).toBe(true);
    expect(databaseUnavailable(Object.assign(new Error('terminating'), { code: '57P01' }))).toBe(
      true,
    );
    expect(databaseUnavailable(Object.assign(new Error('duplicate'), { code: '23505' }))).toBe(
      false,
    );
    expect(databaseUnavailable(new Error('something else'))).toBe(false);
  });
});
