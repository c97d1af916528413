/**
 * The outbox across a crash: a server process killed (SIGKILL) after an
 * invitation committed and while its worker waits on the mail server (which
 * took the connection and never answers) leaves the mail in the queue; the
 * restarted process sends it once its attempt has expired
 * (MAIL_SEND_TIMEOUT_SECONDS), and only once. The server runs as its own
 * process from the sources, on a PGlite data folder (the restart opens the
 * same folder), and on a fresh PostgreSQL database where TEST_DATABASE_URL is set.
 */
import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  seedDemoAccounts,
  signInOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../../fixtures/server-process.js';
import { startSmtpServer, type FakeSmtp } from '../../fixtures/smtp-server.js';
import { until } from '../../fixtures/until.js';

const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const started = new Set<ChildProcess>();

async function kill(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

/** Invites a new address to the silver user's merchant over HTTP; the answer's status. */
async function invite(url: string, email: string): Promise<number> {
  const token = await signInOverHttp(url, 'silver@example.com');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  await fetch(`${url}/api/init-user`, { method: 'POST', headers });
  const merchants = (await (await fetch(`${url}/api/merchants`, { headers })).json()) as {
    rows: { uuid: string }[];
  };
  const merchant = merchants.rows[0]?.uuid ?? '';
  const answer = await fetch(`${url}/api/merchants/${merchant}/invite-account`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ user_email: email }),
  });
  return answer.status;
}

function restartOn(
  name: string,
  database: () => Promise<Record<string, string>>,
  available = true,
) {
  describe.runIf(available)(`a server killed in the middle of a mail, on ${name}`, () => {
    let env: Record<string, string> = {};
    let smtp: FakeSmtp;

    beforeAll(async () => {
      smtp = await startSmtpServer('hang');
      env = {
        DEMO: 'true',
        DEMO_ACTIVITY: 'false',
        ...(await database()),
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Kampagnen-Backoffice <no-reply@backoffice.test>',
        MAIL_RETRY_DELAY_SECONDS: '1',
        // A killed process's attempt counts as failed after 3 s, checked every second.
        MAIL_SEND_TIMEOUT_SECONDS: '3',
        JOB_MAINTENANCE_SECONDS: '1',
      };
    });
    afterAll(async () => {
      for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
      started.clear();
      await smtp.close();
      if (env['DATA_DIR']) await rm(env['DATA_DIR'], { recursive: true, force: true });
      if (env['DATABASE_URL']) {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        const database = new URL(env['DATABASE_URL']).pathname.slice(1);
        await admin.query(`drop database if exists ${database} with (force)`);
        await admin.end();
      }
    });

    it('sends the invitation mail after the restart, once', async () => {
      const email = `nach.absturz.${randomBytes(3).toString('hex')}@example.com`;
      const first = await startServerProcess(env);
      started.add(first.child);
      expect(await invite(first.url, email)).toBe(200);
      // The worker took the mail and waits on the hung mail server: the process dies now.
      await until(async () => smtp.connections >= 1, 20_000, 20);
      await kill(first);
      expect(smtp.received).toHaveLength(0);

      smtp.mode = 'accept';
      const second = await startServerProcess(env);
      started.add(second.child);
      await until(async () => smtp.received.length >= 1, 60_000);
      // Time for a second copy to show up, had the mail been sent twice.
      await new Promise((resolve) => setTimeout(resolve, 4000));
      expect(smtp.received.map((mail) => mail.to)).toEqual([[email]]);
      expect(smtp.received[0]?.messageId).toMatch(/^<[0-9a-f-]{36}@backoffice\.test>$/);
      expect(smtp.received[0]?.raw).toContain('/identity/register?token=');
      await kill(second);
      // Two starts of a server from its sources, on a busy machine: more than the usual 90 s.
    }, 240_000);
  });
}

restartOn('PGlite', async () => ({
  DATA_DIR: await mkdtemp(path.join(tmpdir(), 'mail-restart-')),
}));

restartOn(
  'PostgreSQL',
  async () => {
    const name = `mail_restart_${randomBytes(6).toString('hex')}`;
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
      DATA_DIR: await mkdtemp(path.join(tmpdir(), 'mail-restart-')),
    };
  },
  adminUrl !== '',
);
