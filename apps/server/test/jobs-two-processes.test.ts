/**
 * The background jobs of two server processes on one PostgreSQL database for
 * a minute, with the scheduler's interval at one second: every campaign due
 * to start is activated once, every ended sweepstake is ended and drawn once,
 * and every mail the changes cause is sent once (counted in the shared mail
 * outbox folder by Message-ID, recipient and subject). Where PostgreSQL
 * answers (TEST_DATABASE_URL): the embedded database is one process's.
 */
import { type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCampaignEnvelope } from '@backoffice/domain';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database } from '../src/platform/db/client.js';
import { multipartFile } from './fixtures/multipart.js';
import { startServerProcess, type ServerProcess } from './fixtures/server-process.js';
import { bearer, createTestApp, decodeQuotedPrintable, type TestApp } from './helpers.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const RUN_SECONDS = 60;
const CAMPAIGNS_EACH = 6;

describe.runIf(ADMIN_URL !== undefined)('background jobs of two processes on one database', () => {
  const name = `jobs_${randomBytes(6).toString('hex')}`;
  // Built while the tests are collected, also where they are skipped (no PostgreSQL).
  const url = new URL(ADMIN_URL ?? 'postgres://127.0.0.1/none');
  url.pathname = `/${name}`;
  let database: Database;
  let t: TestApp;
  let outbox = '';
  const processes: ServerProcess[] = [];
  const starting: string[] = [];
  const ending: string[] = [];
  let mailJobsBefore = 0;

  async function completedMailJobs(on: Database): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      on.db,
      sql`select count(*)::int as n from (
            select id from pgboss.job where name = 'mail' and state = 'completed'
            union all select id from pgboss.archive where name = 'mail' and state = 'completed') done`,
    );
    return row?.n ?? 0;
  }

  async function approvedSweepstake(title: string, from: Date, until: Date): Promise<string> {
    const merchant = await t.merchantId('Café Silberblick');
    const created = await t.api('POST', '/campaigns', 'silver', {
      merchant,
      type: 'sweepstake/standard',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<TCampaignEnvelope>().campaign.uuid;
    const saved = await t.api('POST', `/campaigns/${id}`, 'silver', {
      title: { de: title },
      short_description: { de: 'Mitmachen und gewinnen' },
      description: { de: 'Mitmachen und mit etwas Glück eine Torte gewinnen. '.repeat(5) },
      prizes: [{ count: 1, value: 1000, name: 'Torte', redemption: 'store_pickup' }],
      valid_from: from.toISOString(),
      valid_until: until.toISOString(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const photo = await sharp({
      create: { width: 700, height: 500, channels: 3, background: '#3a7' },
    })
      .jpeg()
      .toBuffer();
    const { payload, headers } = multipartFile('upload', 'bild.jpg', photo, 'image/jpeg');
    const image = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${id}/image`,
      headers: { ...headers, ...bearer(String(t.tokens.silver)) },
      payload,
    });
    expect(image.statusCode, image.body).toBe(200);
    expect((await t.api('POST', `/campaigns/${id}/submit`, 'silver')).statusCode).toBe(200);
    expect((await t.api('POST', `/campaigns/${id}/approve`, 'admin')).statusCode).toBe(200);
    return id;
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    database = await openDatabase({ kind: 'postgres', url: url.toString() });
    t = await createTestApp({}, { database });
    await t.signInAs('admin', 'silver');
    const created = await t.api('POST', '/admin/api-keys', 'admin', { name: 'Consumer app' });
    const apiKey = String(created.json().secret);
    const now = Date.now();
    for (let i = 0; i < CAMPAIGNS_EACH; i += 1) {
      // Start while the processes run (or at their first run, on a slow start).
      starting.push(
        await approvedSweepstake(
          `Beginnt ${i}`,
          new Date(now + (20 + 4 * i) * 1000),
          new Date(now + 3 * 3600_000),
        ),
      );
      const id = await approvedSweepstake(
        `Endet ${i}`,
        new Date(now - 2 * 3600_000),
        new Date(now + (25 + 4 * i) * 1000),
      );
      ending.push(id);
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/ingest/events',
        headers: { 'x-api-key': apiKey },
        payload: {
          events: ['a', 'b', 'c'].map((who) => ({
            id: randomUUID(),
            type: 'participation',
            campaign: id,
            participant: `${who}-${i}`,
            occurred_at: new Date(now - 3600_000).toISOString(),
          })),
        },
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    // The set-up's mails (the approvals) go out from the test's app; the processes' are counted.
    await t.ctx.jobs.drain(['mail']);
    mailJobsBefore = await completedMailJobs(database);
    await t.app.close();
    outbox = await mkdtemp(path.join(tmpdir(), 'two-outbox-'));
    const env = {
      DATABASE_URL: url.toString(),
      OUTBOX_DIR: outbox,
      SCHEDULER_INTERVAL_SECONDS: '1',
      DRAW_DELAY_MINUTES: '0',
      WEEKLY_STATS_MAIL: 'false',
    };
    processes.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
  }, 300_000);

  afterAll(async () => {
    await Promise.all(
      processes.map(
        async ({ child, exited }: { child: ChildProcess; exited: Promise<unknown> }) => {
          if (child.exitCode === null) child.kill('SIGKILL');
          await exited;
        },
      ),
    );
    await database?.close();
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    if (outbox) await rm(outbox, { recursive: true, force: true });
  });

  it(
    'activates, ends, draws and mails each once',
    async () => {
      await new Promise((resolve) => setTimeout(resolve, RUN_SECONDS * 1000));
      // Both stop as a deployment stops them: SIGTERM, jobs under way finish or go back.
      for (const { child } of processes) child.kill('SIGTERM');
      const codes = await Promise.all(processes.map(({ exited }) => exited));
      expect(codes).toEqual([0, 0]);

      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const changes = await client.query<{ campaign_id: string; to_status: string; n: number }>(
          `select campaign_id, to_status, count(*)::int as n from campaign_status_history
            where campaign_id = any($1) and to_status in ('active', 'ended')
            group by campaign_id, to_status`,
          [[...starting, ...ending]],
        );
        const count = (id: string, status: string) =>
          changes.rows.find((row) => row.campaign_id === id && row.to_status === status)?.n ?? 0;
        for (const id of starting) expect(count(id, 'active')).toBe(1);
        for (const id of ending) expect(count(id, 'ended')).toBe(1);
        const draws = await client.query<{ campaign_id: string; n: number }>(
          `select campaign_id, count(*)::int as n from draws where campaign_id = any($1) group by campaign_id`,
          [ending],
        );
        expect(draws.rows.map((row) => row.n)).toEqual(ending.map(() => 1));

        // Every mail once: no Message-ID twice, no recipient told of one change twice.
        const files = await readdir(outbox);
        // Headers from the raw text (quoted-printable decoding would join encoded subjects with the next line).
        const raws = await Promise.all(
          files.map((file) => readFile(path.join(outbox, file), 'utf8')),
        );
        const mails = raws.map(decodeQuotedPrintable);
        // A header's value with its folded continuation lines.
        const header = (raw: string, field: string) =>
          (new RegExp(`^${field}: (.*(?:\n[ \t].*)*)`, 'im').exec(raw)?.[1] ?? '').replace(
            /\n[ \t]+/g,
            ' ',
          );
        const ids = raws.map((raw) => header(raw, 'Message-ID'));
        expect(new Set(ids).size).toBe(mails.length);
        // A status change's mail to one recipient: its address and subject (title and status).
        const openWins = (i: number) => mails[i]?.includes('Abwicklung') ?? false;
        const told = raws
          .filter((_, i) => !openWins(i))
          .map((raw) => `${header(raw, 'To')} ${header(raw, 'Subject')}`);
        expect(new Set(told).size).toBe(told.length);
        // An open-wins mail per draw and recipient (two draws at once may count alike).
        const winsTo = raws.filter((_, i) => openWins(i)).map((raw) => header(raw, 'To'));
        for (const to of new Set(winsTo)) {
          expect(winsTo.filter((address) => address === to)).toHaveLength(CAMPAIGNS_EACH);
        }
        expect(winsTo.length).toBeGreaterThan(0);
        // The changes were mailed: a start or end of each campaign reached its merchant.
        for (let i = 0; i < CAMPAIGNS_EACH; i += 1) {
          expect(mails.some((mail) => mail.includes(`Beginnt ${i}`))).toBe(true);
          expect(mails.some((mail) => mail.includes(`Endet ${i}`))).toBe(true);
        }
        expect((await completedMailJobs(database)) - mailJobsBefore).toBe(mails.length);
      } finally {
        await client.end();
      }
    },
    (RUN_SECONDS + 60) * 1000,
  );
});
