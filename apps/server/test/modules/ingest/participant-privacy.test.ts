/**
 * Participants' privacy beyond the erasure itself: the retention forgets a
 * participant no raw event names any more (profile gone, rows pseudonymised,
 * counts and rollups as they were), in steps, also while the participant
 * sends a new event. On PostgreSQL too (TEST_DATABASE_URL), where the job
 * and batches overlap. A resend after an erasure: erasure-resend.test.ts.
 */
import { createHmac } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TIngestResponse } from '@backoffice/domain';
import { queryRows } from '../../../src/platform/db/client.js';
import {
  campaignParticipants,
  erasedParticipants,
  installationSecrets,
  merchantParticipants,
  participants,
} from '../../../src/platform/db/schema.js';
import { ADVISORY_LOCK_KEYS } from '../../../src/platform/db/advisory-locks.js';
import { foldPending } from '../../../src/modules/ingest/fold.js';
import { RETENTION_BATCH, applyRetention } from '../../../src/modules/ingest/privacy.js';
import { holdTransaction, pauseNextCommit } from '../../fixtures/held-transaction.js';
import {
  DAY,
  RETENTION_DAYS,
  t,
  merchant,
  campaignIn,
  send,
  participation,
  counts,
  traces,
  NO_TRACE,
  usePrivacyApp,
} from './privacy-fixture.js';
import { ingestDeps } from '../../../src/services.js';

usePrivacyApp();

describe('the retention forgets participants not seen for its period', () => {
  /** The time at which events from `daysAgo` days before now have just passed the retention. */
  const whenOlderThanRetention = (daysAgo: number) =>
    new Date(Date.now() + (RETENTION_DAYS - daysAgo + 1) * DAY);

  it('removes their profile and links while every count stays; others keep theirs', async () => {
    const campaign = await campaignIn();
    const old = new Date(Date.now() - 20 * DAY);
    expect(
      await send([
        participation(campaign, 'alt-1', old, {
          gender: 'diverse',
          birth_year: 1975,
          kids: [{ gender: 'female', birth_year: 2012 }],
        }),
        participation(campaign, 'frisch-1', old, { gender: 'male' }),
        participation(campaign, 'frisch-1', new Date(), { gender: 'male' }),
      ]),
    ).toMatchObject({ accepted: 3 });
    const before = await counts([campaign]);
    const rowsBefore = await t.ctx.db
      .select()
      .from(campaignParticipants)
      .where(eq(campaignParticipants.campaignId, campaign));

    const run = await applyRetention(ingestDeps(t.ctx), whenOlderThanRetention(20));
    expect(run).toMatchObject({ events: 2, participants: 1 });
    expect(await traces('alt-1')).toEqual(NO_TRACE);
    expect(await traces('frisch-1')).toEqual({ events: 1, profile: 1, campaigns: 1, merchants: 1 });
    // The person still counts: their row is there under a random id.
    const rowsAfter = await t.ctx.db
      .select()
      .from(campaignParticipants)
      .where(eq(campaignParticipants.campaignId, campaign));
    expect(rowsAfter).toHaveLength(rowsBefore.length);
    expect(rowsAfter.filter((row) => row.participantId.startsWith('erased:'))).toHaveLength(1);
    expect(await counts([campaign])).toEqual(before);
    // No receipt outlives its time (the purged events' ran out long before).
    const [receipts] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from event_receipts where expires_at < ${whenOlderThanRetention(20).toISOString()}::timestamptz`,
    );
    expect(receipts?.n).toBe(0);
    // No tombstone: it was no request, so the person may come back (as a new participant).
    expect(await send([participation(campaign, 'alt-1', new Date())])).toMatchObject({
      accepted: 1,
    });
  });

  it('keeps a participant who sends an event while the job looks at them', async () => {
    const campaign = await campaignIn();
    expect(
      await send([participation(campaign, 'laufend-1', new Date(Date.now() - 20 * DAY))]),
    ).toMatchObject({ accepted: 1 });
    // The new event's batch is written and waits before its commit while the job runs.
    const paused = pauseNextCommit(t.ctx.db);
    try {
      const sending = send([
        participation(campaign, 'laufend-1', new Date(), { gender: 'female', birth_year: 1991 }),
      ]);
      await paused.inside;
      const running = applyRetention(ingestDeps(t.ctx), whenOlderThanRetention(20));
      await new Promise((resolve) => setTimeout(resolve, 300));
      paused.release();
      const [sent, run] = await Promise.all([sending, running]);
      expect(sent).toMatchObject({ accepted: 1 });
      expect(run.events).toBeGreaterThanOrEqual(1);
    } finally {
      paused.restore();
    }
    expect(await traces('laufend-1')).toEqual({
      events: 1,
      profile: 1,
      campaigns: 1,
      merchants: 1,
    });
    await foldPending(t.ctx.db);
    const stored = (await t.api('GET', `/campaigns/${campaign}`, 'silver')).json().campaign;
    expect(stored).toMatchObject({ participations: 2, distinct_users: 1 });
  });

  it('takes a participant whose event comes while they are being forgotten as a new one', async () => {
    const campaign = await campaignIn();
    expect(
      await send([participation(campaign, 'laufend-2', new Date(Date.now() - 20 * DAY))]),
    ).toMatchObject({ accepted: 1 });
    // The job's step has forgotten them and waits before its commit when the event comes.
    const paused = pauseNextCommit(t.ctx.db);
    let sent: TIngestResponse | undefined;
    try {
      const running = applyRetention(ingestDeps(t.ctx), whenOlderThanRetention(20));
      await paused.inside;
      const sending = send([
        participation(campaign, 'laufend-2', new Date(), { gender: 'male', birth_year: 1990 }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      paused.release();
      const [run] = await Promise.all([running, sending.then((answer) => (sent = answer))]);
      expect(run.participants).toBeGreaterThanOrEqual(1);
    } finally {
      paused.restore();
    }
    expect(sent).toMatchObject({ accepted: 1 });
    expect(await traces('laufend-2')).toEqual({
      events: 1,
      profile: 1,
      campaigns: 1,
      merchants: 1,
    });
    await foldPending(t.ctx.db);
    const stored = (await t.api('GET', `/campaigns/${campaign}`, 'silver')).json().campaign;
    // Their first row was forgotten and still counts; the new event made them new again.
    expect(stored).toMatchObject({ participations: 2, distinct_users: 2 });
  });

  it('runs beside an erasure of someone whose old events it purges, both to the end', async () => {
    const campaign = await campaignIn();
    const old = new Date(Date.now() - 20 * DAY);
    expect(
      await send([
        participation(campaign, 'beide-1', old, { gender: 'male' }),
        participation(campaign, 'beide-1', new Date(old.getTime() + 1000)),
        participation(campaign, 'beide-2', old),
      ]),
    ).toMatchObject({ accepted: 3 });
    // A batch holds the erasure lock shared; the erasure queues for it first,
    // then the job, which has read the same person's old events by then.
    const batch = await holdTransaction(t.ctx.db, (tx) =>
      tx.execute(sql`select pg_advisory_xact_lock_shared(${ADVISORY_LOCK_KEYS.erasure})`),
    );
    const erasing = t.api('DELETE', '/admin/participants/beide-1', 'admin');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const running = applyRetention(ingestDeps(t.ctx), whenOlderThanRetention(20));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await batch.release();
    const [erased, run] = await Promise.all([erasing, running]);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(run.participants).toBeGreaterThanOrEqual(1);
    expect(await traces('beide-1')).toEqual(NO_TRACE);
    expect(await traces('beide-2')).toEqual(NO_TRACE);
  });

  it('works in steps through more events than one step takes, and sweeps people left without events once', async () => {
    const campaign = await campaignIn();
    const count = RETENTION_BATCH * 2 + 500;
    const at = new Date(Date.now() - 20 * DAY).toISOString();
    // Old data as an installation has it: events, their receipts, first participations, profiles.
    await t.ctx.db.execute(sql`
      with people as (select 'viele-' || i as id, gen_random_uuid() as event from generate_series(1, ${count}) i),
      events as (
        insert into participation_events (id, occurred_at, type, campaign_id, merchant_id, participant_id)
        select event, ${at}::timestamptz, 'participation', ${campaign}::uuid, ${merchant}::uuid, id from people),
      receipts as (
        insert into event_receipts (id, expires_at)
        select event, ${at}::timestamptz + interval '7 days' from people),
      firsts as (
        insert into campaign_participants (campaign_id, participant_id, first_at)
        select ${campaign}::uuid, id, ${at}::timestamptz from people),
      merchants as (
        insert into merchant_participants (merchant_id, participant_id, first_at)
        select ${merchant}::uuid, id, ${at}::timestamptz from people)
      insert into participants (id, gender) select id, 'female' from people`);
    // And one whose events an earlier purge took, before participants went with them.
    await t.ctx.db.insert(participants).values({ id: 'verwaist-1', gender: 'male' });
    await t.ctx.db.insert(merchantParticipants).values({
      merchantId: merchant,
      participantId: 'verwaist-1',
      firstAt: new Date(Date.now() - 900 * DAY),
    });
    await t.ctx.db.execute(
      sql`delete from system_settings where key = 'retention_participant_sweep'`,
    );
    const forgottenBefore = await t.ctx.db
      .select()
      .from(merchantParticipants)
      .where(like(merchantParticipants.participantId, 'erased:%'));

    const run = await applyRetention(ingestDeps(t.ctx), whenOlderThanRetention(20));
    expect(run.events).toBeGreaterThanOrEqual(count);
    expect(run.participants).toBeGreaterThanOrEqual(count + 1);
    const [left] = await queryRows<{ events: number; people: number; linked: number }>(
      t.ctx.db,
      sql`select (select count(*) from participation_events where participant_id like 'viele-%')::int as events,
                 (select count(*) from participants where id like 'viele-%' or id = 'verwaist-1')::int as people,
                 (select count(*) from merchant_participants
                   where participant_id like 'viele-%' or participant_id = 'verwaist-1')::int as linked`,
    );
    expect(left).toEqual({ events: 0, people: 0, linked: 0 });
    // Rows forgotten before keep their random ids: the sweep leaves them alone.
    const forgottenAfter = await t.ctx.db
      .select()
      .from(merchantParticipants)
      .where(like(merchantParticipants.participantId, 'erased:%'));
    const ids = new Set(forgottenAfter.map((row) => row.participantId));
    expect(forgottenBefore.every((row) => ids.has(row.participantId))).toBe(true);
    // The sweep is done; the next run has nothing left to do.
    expect(await applyRetention(ingestDeps(t.ctx), whenOlderThanRetention(20))).toEqual({
      events: 0,
      partitions: 0,
      participants: 0,
      receipts: 0,
      tombstones: 0,
      drawCandidates: 0,
    });
  });
});

describe('the installation secret of the tombstones', () => {
  it('is made once and kept', async () => {
    const secrets = await t.ctx.db
      .select()
      .from(installationSecrets)
      .where(eq(installationSecrets.name, 'erasure'));
    expect(secrets).toHaveLength(1);
    expect(secrets[0]?.secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keys a tombstone by HMAC-SHA256 of the id under the secret, as tombstones written before', async () => {
    const erased = await t.api('DELETE', '/admin/participants/geheim-1', 'admin');
    expect(erased.statusCode, erased.body).toBe(200);
    const [secret] = await t.ctx.db
      .select()
      .from(installationSecrets)
      .where(eq(installationSecrets.name, 'erasure'));
    const key = createHmac('sha256', Buffer.from(secret?.secret ?? '', 'hex'))
      .update('geheim-1')
      .digest('hex');
    const tombstones = await t.ctx.db
      .select()
      .from(erasedParticipants)
      .where(eq(erasedParticipants.key, key));
    expect(tombstones).toHaveLength(1);
  });
});
