/**
 * A server process stopped with SIGTERM while it works on a background job
 * (the geocoding of an uploaded location file, against a slow local fake of
 * Nominatim): it stops taking jobs, finishes the row under way, hands the
 * rest of the upload back to the queue and exits within
 * SHUTDOWN_TIMEOUT_SECONDS; the next process on the same database geocodes
 * the remaining rows, each address once. On the embedded database (one
 * process at a time on its folder), and on PostgreSQL where it answers.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../fixtures/multipart.js';
import {
  seedDemoAccounts,
  signInOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../fixtures/server-process.js';
import { until } from '../fixtures/until.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const ROWS = 30;
const SHUTDOWN_TIMEOUT_SECONDS = 5;

describe('a process stopped while it works on a background job', () => {
  const asked = new Map<string, number>();
  let nominatim: Server;
  let dataDir = '';
  let databaseName = '';
  let env: Record<string, string> = {};
  const running: ServerProcess[] = [];

  beforeAll(async () => {
    // Nominatim's part, slow enough that the upload is under way when the process stops.
    nominatim = createServer((request, response) => {
      const street = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('street');
      asked.set(street ?? '', (asked.get(street ?? '') ?? 0) + 1);
      setTimeout(() => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify([{ lat: '48.1', lon: '11.5', display_name: 'München' }]));
      }, 150);
    });
    await new Promise<void>((resolve) => nominatim.listen(0, '127.0.0.1', resolve));
    const geocoding = {
      GEOCODER: 'nominatim',
      NOMINATIM_URL: `http://127.0.0.1:${(nominatim.address() as AddressInfo).port}`,
      NOMINATIM_MIN_INTERVAL_MS: '0',
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
    };
    if (ADMIN_URL) {
      databaseName = `stop_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`create database ${databaseName}`);
      await admin.end();
      const url = new URL(ADMIN_URL);
      url.pathname = `/${databaseName}`;
      seedDemoAccounts(url.toString());
      env = { ...geocoding, DATABASE_URL: url.toString() };
    } else {
      dataDir = await mkdtemp(path.join(tmpdir(), 'graceful-'));
      env = { ...geocoding, DATA_DIR: dataDir, DEMO: 'true' };
    }
  }, 120_000);

  afterAll(async () => {
    for (const { child, exited } of running) {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    }
    await new Promise((resolve) => nominatim.close(resolve));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (databaseName) {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  });

  async function signIn(on: ServerProcess) {
    const token = await signInOverHttp(on.url, 'owner@example.com');
    const headers = { authorization: `Bearer ${token}` };
    expect((await fetch(`${on.url}/api/init-user`, { method: 'POST', headers })).status).toBe(200);
    const merchants = (await (await fetch(`${on.url}/api/merchants`, { headers })).json()) as {
      rows: { uuid: string }[];
    };
    return { headers, merchant: merchants.rows[0]?.uuid ?? '' };
  }

  it('finishes the row under way, hands the rest back, exits in time; the next process goes on', async () => {
    const first = await startServerProcess(env);
    running.push(first);
    const { headers, merchant } = await signIn(first);
    const csv = [
      'name,street,streetnumber,zip,city,country',
      ...Array.from({ length: ROWS }, (_, i) => `Filiale ${i},Weg ${i},1,80331,München,DE`),
    ].join('\n');
    const file = multipartFile('upload', 'filialen.csv', csv, 'text/csv');
    const uploaded = await fetch(`${first.url}/api/merchants/${merchant}/multiple-locations`, {
      method: 'POST',
      headers: { ...headers, ...file.headers },
      body: new Uint8Array(file.payload),
    });
    expect(uploaded.status).toBe(200);
    const jobId = String(((await uploaded.json()) as { job: { id: string } }).job.id);
    await until(async () => asked.size >= 3, 60_000, 50);

    const stoppedAt = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan((SHUTDOWN_TIMEOUT_SECONDS + 5) * 1000);
    // It stopped before the end of the upload.
    const doneBefore = asked.size;
    expect(doneBefore).toBeLessThan(ROWS);

    const second = await startServerProcess(env);
    running.push(second);
    const again = await signIn(second);
    const progress = async () =>
      (await (
        await fetch(`${second.url}/api/merchants/${merchant}/location-imports/${jobId}`, {
          headers: again.headers,
        })
      ).json()) as { status: string; processed: number; found: number };
    await until(async () => (await progress()).status === 'done', 90_000);
    expect(await progress()).toMatchObject({ processed: ROWS, found: ROWS });
    // Every address asked once: the row under way at the stop was finished, not asked again.
    expect(asked.size).toBe(ROWS);
    expect([...asked.values()].every((count) => count === 1)).toBe(true);
  }, 240_000);
});
