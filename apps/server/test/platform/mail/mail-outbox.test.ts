/**
 * The mail outbox against a real SMTP server (a local one, test/fixtures/
 * smtp-server.ts): a change's mail is queued in the change's transaction and
 * delivered by the mail queue, retried while the server refuses, once per
 * change, with a Message-ID made from its job id; a rolled-back change sends
 * nothing. On PostgreSQL too (TEST_DATABASE_URL). The process killed in the
 * middle of a send: mail-outbox-restart.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCampaignEnvelope } from '@backoffice/domain';
import { queryRows } from '../../../src/platform/db/client.js';
import { campaigns } from '../../../src/platform/db/schema.js';
import { MAIL_QUEUE, enqueueMail } from '../../../src/platform/mail/outbox.js';
import { startSmtpServer, type FakeSmtp, type ReceivedMail } from '../../fixtures/smtp-server.js';
import { until } from '../../fixtures/until.js';
import { createAdmin, createApiKey, createMerchantWithOwner } from '../../factories/index.js';
import { createTestApp, decodeQuotedPrintable, type TestApp } from '../../helpers.js';

let t: TestApp;
let smtp: FakeSmtp;
let apiKey = '';
const ids = { sonnenschein: '', silberblick: '' };
const emails = { owner: '', silver: '' };

beforeAll(async () => {
  smtp = await startSmtpServer('accept');
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Kampagnen-Backoffice <no-reply@backoffice.test>',
    MAIL_RETRY_LIMIT: '20',
    MAIL_RETRY_DELAY_SECONDS: '1',
  });
  const basic = await createMerchantWithOwner(t.ctx.db);
  const silver = await createMerchantWithOwner(t.ctx.db, { level: 1 });
  ids.sonnenschein = basic.merchant.id;
  ids.silberblick = silver.merchant.id;
  emails.owner = basic.owner.email;
  emails.silver = silver.owner.email;
  await t.signInAs({
    admin: await createAdmin(t.ctx.db),
    owner: basic.owner,
    silver: silver.owner,
  });
  apiKey = (await createApiKey(t.ctx.db)).secret;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function create(who: string, merchant: string, type: string): Promise<string> {
  const response = await t.api('POST', '/campaigns', who, { merchant, type });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TCampaignEnvelope>().campaign.uuid;
}

/** A manual-draw sweepstake of the silver merchant that ended with one participant. */
async function endedSweepstake(): Promise<string> {
  const campaign = await create('silver', ids.silberblick, 'sweepstake/standard');
  const saved = await t.api('POST', `/campaigns/${campaign}`, 'silver', {
    manual_draw: true,
    prizes: [{ count: 1, value: 1000, name: 'Kuchen', redemption: 'store_pickup' }],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await t.ctx.db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, campaign));
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/ingest/events',
    headers: { 'x-api-key': apiKey },
    payload: {
      events: [
        {
          id: randomUUID(),
          type: 'participation',
          campaign,
          participant: `outbox-${randomUUID()}`,
          occurred_at: new Date().toISOString(),
        },
      ],
    },
  });
  expect(sent.json()).toMatchObject({ accepted: 1 });
  await t.ctx.db.update(campaigns).set({ status: 'ended' }).where(eq(campaigns.id, campaign));
  return campaign;
}

/** The mail jobs created since `since`: id, state and attempts so far. */
const mailJobs = (since: Date) =>
  queryRows<{ id: string; state: string; retry_count: number }>(
    t.ctx.db,
    sql`select id, state, retry_count from pgboss.job
        where name = ${MAIL_QUEUE} and created_on >= ${since.toISOString()}::timestamptz
        union all
        select id, state, retry_count from pgboss.archive
        where name = ${MAIL_QUEUE} and created_on >= ${since.toISOString()}::timestamptz`,
  );

const withSubject = (part: string) => (mail: ReceivedMail) => mail.subject.includes(part);

describe('the mail server refuses, then takes mail again', () => {
  it('delivers the mail of an approval, an invitation and a draw made meanwhile, each once', async () => {
    const since = new Date(Date.now() - 1000);
    const receivedBefore = smtp.received.length;
    smtp.mode = 'refuse';
    const connectionsBefore = smtp.connections;

    const campaign = await create('owner', ids.sonnenschein, 'coupon/percent');
    await t.ctx.db
      .update(campaigns)
      .set({ status: 'submitted', title: { de: 'Outbox-Gutschein' } })
      .where(eq(campaigns.id, campaign));
    const approved = await t.api('POST', `/campaigns/${campaign}/approve`, 'admin');
    expect(approved.statusCode, approved.body).toBe(200);

    const invited = await t.api('POST', `/merchants/${ids.silberblick}/invite-account`, 'silver', {
      user_email: 'outbox.neu@example.com',
    });
    // The invitation stands although its mail cannot go out yet.
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json()).toMatchObject({
      sent: true,
      account: { email: 'outbox.neu@example.com', pending_invitation: true },
    });

    const sweepstake = await endedSweepstake();
    const drawn = await t.api('POST', `/campaigns/${sweepstake}/draw`, 'admin');
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(drawn.json().draw.winners).toHaveLength(1);

    // Every mail has been tried and refused at least once; none got through.
    await until(async () => {
      const jobs = await mailJobs(since);
      return jobs.length === 3 && jobs.every((job) => job.retry_count >= 1);
    }, 30_000);
    expect(smtp.connections).toBeGreaterThan(connectionsBefore);
    expect(smtp.received.length).toBe(receivedBefore);
    const listed = await t.api('GET', `/merchants/${ids.silberblick}/accounts`, 'silver');
    expect(
      listed.json<{ rows: { email: string; pending_invitation: boolean }[] }>().rows,
    ).toContainEqual(expect.objectContaining({ email: 'outbox.neu@example.com' }));

    smtp.mode = 'accept';
    await until(async () => smtp.received.length - receivedBefore >= 3, 30_000);
    // Time for a duplicate to show up, had any job been sent twice.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await t.ctx.jobs.drain([MAIL_QUEUE]);
    const received = smtp.received.slice(receivedBefore);
    expect(received).toHaveLength(3);

    const status = received.filter((mail) => mail.to.includes(emails.owner));
    expect(status).toHaveLength(1);
    expect(decodeQuotedPrintable(String(status[0]?.raw))).toContain('Outbox-Gutschein');
    const invitation = received.filter((mail) => mail.to.includes('outbox.neu@example.com'));
    expect(invitation).toHaveLength(1);
    expect(decodeQuotedPrintable(String(invitation[0]?.raw))).toContain(
      '/identity/register?token=',
    );
    const wins = received.filter((mail) => mail.to.includes(emails.silver));
    expect(wins).toHaveLength(1);

    // Each mail's Message-ID is its job's id, the same on every attempt.
    const jobs = await mailJobs(since);
    expect(jobs.every((job) => job.state === 'completed' && job.retry_count >= 1)).toBe(true);
    expect(received.map((mail) => mail.messageId).sort()).toEqual(
      jobs.map((job) => `<${job.id}@backoffice.test>`).sort(),
    );
  });
});

describe('a rolled-back change', () => {
  it('sends nothing, while the same mail of a committed change goes out', async () => {
    const subject = `Rolled back ${randomUUID()}`;
    const mail = { to: [emails.owner], subject, text: 'Only the committed one arrives.' };
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await enqueueMail(t.ctx, tx, mail);
        throw new Error('the change fails after its mail was queued');
      }),
    ).rejects.toThrow('the change fails');

    const kept = `Committed ${randomUUID()}`;
    await t.ctx.db.transaction((tx) => enqueueMail(t.ctx, tx, { ...mail, subject: kept }));
    await t.ctx.jobs.drain([MAIL_QUEUE]);
    await until(async () => smtp.received.some(withSubject(kept)), 10_000);
    expect(smtp.received.filter(withSubject(kept))).toHaveLength(1);
    expect(smtp.received.filter(withSubject(subject))).toHaveLength(0);
  });
});
