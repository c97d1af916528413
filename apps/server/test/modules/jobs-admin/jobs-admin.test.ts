/**
 * The admins' background jobs: each queue's numbers, the failed jobs with
 * their last error (never their data), and retries of one job or a whole
 * queue. Mails go to a local SMTP server (smtp-server, the real protocol)
 * that refuses recipients until told to accept them; with MAIL_RETRY_LIMIT=0
 * a refused mail's job fails at its first attempt.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JOB_QUEUES, type TJobRetryResult, type TJobsOverview } from '@backoffice/domain';
import { JOB_DEFINITIONS } from '../../../src/background-jobs.js';
import { enqueueMail } from '../../../src/platform/mail/outbox.js';
import { createAdmin, createAgency, createMerchant, createPerson } from '../../factories/index.js';
import { createTestApp, type TestApp } from '../../helpers.js';
import { expectProblem } from '../../fixtures/problem.js';

/** A mail server that refuses every recipient while `refusing`, and keeps what it accepts. */
function fakeSmtp() {
  const state = { refusing: true, received: [] as string[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!state.refusing) return callback();
      const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
      return callback(error);
    },
    onData(stream, _session, callback) {
      let mail = '';
      stream.on('data', (chunk: Buffer) => (mail += chunk.toString('utf8')));
      stream.on('end', () => {
        state.received.push(mail);
        callback();
      });
    },
  });
  return { server, state };
}

const smtp = fakeSmtp();
let t: TestApp;
let serial = 0;

/** A mail into the outbox, with a registration link as invitations carry one. */
async function queueMail(): Promise<{ to: string; link: string }> {
  serial += 1;
  const to = `eingeladen-${serial}@example.com`;
  const link = `http://localhost:3000/identity/register?token=geheim-${randomUUID()}`;
  await enqueueMail(t.ctx, t.ctx.db, {
    to: [to],
    subject: 'Einladung',
    text: `Registrieren Sie sich hier: ${link}`,
  });
  return { to, link };
}

async function overview(who = 'admin'): Promise<TJobsOverview> {
  const response = await t.api('GET', '/admin/jobs', who);
  expect(response.statusCode).toBe(200);
  return response.json<TJobsOverview>();
}

const mailCounts = (view: TJobsOverview) => view.queues.find((queue) => queue.name === 'mail');

/** Every queue is drained now; a refused mail is failed after its one attempt. */
const drainMail = () => t.ctx.jobs.drain(['mail']);

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_LIMIT: '0' });
  const basic = await createMerchant(t.ctx.db);
  const silver = await createMerchant(t.ctx.db, { level: 1 });
  await t.signInAs({
    admin: await createAdmin(t.ctx.db),
    agency: await createAgency(t.ctx.db, [basic.id, silver.id]),
    owner: await createPerson(t.ctx.db, { memberships: [basic.id] }),
    staff: await createPerson(t.ctx.db, {
      memberships: [{ merchantId: basic.id, roles: ['manage-campaigns'] }],
    }),
    silver: await createPerson(t.ctx.db, { memberships: [silver.id] }),
  });
}, 60_000);

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
});

beforeEach(async () => {
  // Each test starts without failed mails: what earlier tests left is delivered.
  smtp.state.refusing = false;
  await t.api('POST', '/admin/jobs/mail/retry', 'admin');
  await drainMail();
  smtp.state.refusing = true;
});

describe('background jobs for admins', () => {
  it('lists every queue of the product with its numbers', async () => {
    expect(JOB_DEFINITIONS.map((job) => job.name).sort()).toEqual([...JOB_QUEUES].sort());
    const view = await overview();
    // In the domain's order: mails first.
    expect(view.queues.map((queue) => queue.name)).toEqual([...JOB_QUEUES]);
    for (const queue of view.queues) {
      expect(queue).toEqual({
        name: queue.name,
        waiting: expect.any(Number),
        running: expect.any(Number),
        failed: expect.any(Number),
        completed_last_24h: expect.any(Number),
      });
    }
  });

  it('shows a refused mail as failed with its error, and without the mail itself', async () => {
    const before = mailCounts(await overview());
    const { to, link } = await queueMail();
    await drainMail();

    const response = await t.api('GET', '/admin/jobs', 'admin');
    const view = response.json<TJobsOverview>();
    expect(mailCounts(view)?.failed).toBe((before?.failed ?? 0) + 1);
    const [job] = view.failed;
    expect(job).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      queue: 'mail',
      error: expect.stringContaining('550 Mailbox unavailable'),
      attempts: 1,
      created_at: expect.any(String),
      failed_at: expect.any(String),
    });
    expect(Date.parse(String(job?.failed_at))).toBeGreaterThanOrEqual(
      Date.parse(String(job?.created_at)),
    );
    // The registration link (and the rest of the mail) stays in the job.
    expect(response.body).not.toContain(new URL(link).searchParams.get('token'));
    expect(response.body).not.toContain('Registrieren');
    expect(smtp.state.received.some((mail) => mail.includes(to))).toBe(false);
  });

  it('retries one failed job: the mail goes out and the job leaves the failed list', async () => {
    const mails = [await queueMail(), await queueMail()];
    await drainMail();
    const failed = (await overview()).failed;
    const [newest, older] = failed;
    expect(failed).toHaveLength(2);

    smtp.state.refusing = false;
    const before = mailCounts(await overview())?.completed_last_24h ?? 0;
    const response = await t.api('POST', `/admin/jobs/mail/${String(newest?.id)}/retry`, 'admin');
    expect(response.statusCode).toBe(200);
    expect(response.json<TJobRetryResult>()).toEqual({ retried: 1 });
    await drainMail();

    const after = await overview();
    expect(after.failed.map((job) => job.id)).toEqual([older?.id]);
    expect(mailCounts(after)?.completed_last_24h).toBe(before + 1);
    // One of the two mails went out, with the job's id as its Message-ID.
    const delivered = smtp.state.received.filter((mail) =>
      mails.some(({ to }) => mail.includes(to)),
    );
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toContain(`Message-ID: <${String(newest?.id)}@`);

    // Once it ran, it is no failed job any more.
    const again = await t.api('POST', `/admin/jobs/mail/${String(newest?.id)}/retry`, 'admin');
    expect(again.statusCode).toBe(404);
    expectProblem(again, { status: 404, message: 'job_not_failed' });
  });

  it('retries every failed job of a queue and says how many', async () => {
    const mails = [await queueMail(), await queueMail(), await queueMail()];
    await drainMail();
    expect(mailCounts(await overview())?.failed).toBe(3);

    smtp.state.refusing = false;
    const response = await t.api('POST', '/admin/jobs/mail/retry', 'admin');
    expect(response.json<TJobRetryResult>()).toEqual({ retried: 3 });
    await drainMail();
    const after = await overview();
    expect(after.failed).toEqual([]);
    expect(mailCounts(after)?.failed).toBe(0);
    for (const { to } of mails)
      expect(smtp.state.received.filter((mail) => mail.includes(to))).toHaveLength(1);

    // Nothing failed: nothing to retry, and no error either.
    const none = await t.api('POST', '/admin/jobs/mail/retry', 'admin');
    expect(none.statusCode).toBe(200);
    expect(none.json<TJobRetryResult>()).toEqual({ retried: 0 });
  });

  it('answers 404 for a queue the product does not have, or a job not failed in that queue', async () => {
    await queueMail();
    await drainMail();
    const [job] = (await overview()).failed;
    const id = String(job?.id);

    for (const url of [
      '/admin/jobs/no-such-queue/retry',
      `/admin/jobs/no-such-queue/${id}/retry`,
    ]) {
      const response = await t.api('POST', url, 'admin');
      expect(response.statusCode).toBe(404);
      expectProblem(response, { status: 404, message: 'not_found' });
    }
    for (const url of [
      `/admin/jobs/weekly-statistics/${id}/retry`,
      `/admin/jobs/mail/${randomUUID()}/retry`,
    ]) {
      const response = await t.api('POST', url, 'admin');
      expect(response.statusCode).toBe(404);
      expectProblem(response, { status: 404, message: 'job_not_failed' });
    }
    const bad = await t.api('POST', '/admin/jobs/mail/not-an-id/retry', 'admin');
    expect(bad.statusCode).toBe(400);
    expectProblem(bad, { status: 400, message: 'invalid_value', field: 'id' });
    // None of these touched the failed job.
    expect((await overview()).failed.map((failed) => failed.id)).toEqual([id]);
  });

  it('refuses everyone but admins with 403, and retries nothing for them', async () => {
    await queueMail();
    await drainMail();
    const [job] = (await overview()).failed;
    smtp.state.refusing = false;
    for (const who of ['agency', 'owner', 'staff', 'silver']) {
      for (const [method, url] of [
        ['GET', '/admin/jobs'],
        ['POST', '/admin/jobs/mail/retry'],
        ['POST', `/admin/jobs/mail/${String(job?.id)}/retry`],
      ] as const) {
        const response = await t.api(method, url, who);
        expect(response.statusCode, `${who} ${method} ${url}`).toBe(403);
        expectProblem(response, { status: 403, message: 'forbidden' });
      }
    }
    await drainMail();
    expect((await overview()).failed.map((failed) => failed.id)).toEqual([job?.id]);
  });
});
