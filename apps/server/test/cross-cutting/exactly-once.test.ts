/**
 * Two server instances on one database (two apps with their own connection
 * pools on PostgreSQL, as two processes have; one PGlite shared in one
 * process otherwise): a session ends on both at logout, and every background
 * job does its work once: due campaigns start once, the weekly mail goes out
 * once, each sweepstake is drawn once, old events are purged once (and the
 * tombstones' secret is made once). The location imports on two instances:
 * exactly-once-locations.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  campaigns,
  campaignStatusHistory,
  draws,
  erasedParticipants,
  eventReceipts,
  installationSecrets,
  participationEvents,
  wins,
} from '../../src/platform/db/schema.js';
import { runScheduledTransitions } from '../../src/modules/campaigns/lifecycle.js';
import { runDueDraws } from '../../src/modules/draws/service.js';
import { applyRetention } from '../../src/modules/ingest/privacy.js';
import { sendWeeklyStatistics } from '../../src/modules/notifications/service.js';
import { bearer, type TestApp } from '../helpers.js';
import { campaignDeps, drawDeps, ingestDeps, notificationDeps } from '../../src/services.js';
import {
  a,
  b,
  ids,
  HOUR,
  mailsOfBoth,
  createCampaign,
  useTwoInstances,
} from './two-instances-fixture.js';
import { TEST_PASSWORD } from '../factories/index.js';

useTwoInstances();

describe('sessions', () => {
  it('signed in on one instance, used on the other, ended on both by a logout on either', async () => {
    const token = await a.signIn('owner@example.com', TEST_PASSWORD);
    const onB = () =>
      b.app.inject({ method: 'GET', url: '/api/merchants', headers: bearer(token) });
    const onA = () =>
      a.app.inject({ method: 'GET', url: '/api/merchants', headers: bearer(token) });
    expect((await onB()).statusCode).toBe(200);
    expect((await onA()).statusCode).toBe(200);
    const logout = await b.app.inject({
      method: 'POST',
      url: '/api/session/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await onA()).statusCode).toBe(401);
    expect((await onB()).statusCode).toBe(401);
  });
});

describe('erasures on two instances', () => {
  it('make the tombstones’ secret once, and either instance refuses whom the other erased', async () => {
    const created = await a.api('POST', '/admin/api-keys', 'admin', { name: 'Löschen' });
    const key = String(created.json().secret);
    const campaign = await createCampaign(ids.silberblick, 'coupon/percent');
    await a.ctx.db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, campaign));
    const participation = (participant: string) => ({
      id: randomUUID(),
      type: 'participation',
      campaign,
      participant,
      occurred_at: new Date().toISOString(),
    });
    const sendOn = (t: TestApp, events: object[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ingest/events',
        headers: { 'x-api-key': key },
        payload: { events },
      });
    // The first uses of the secret, all at once on both instances: erasures and batches.
    const answers = await Promise.all([
      a.api('DELETE', '/admin/participants/zwei-1', 'admin'),
      b.app.inject({
        method: 'DELETE',
        url: '/api/admin/participants/zwei-2',
        headers: bearer(String(a.tokens.admin)),
      }),
      sendOn(a, [participation('zwei-3')]),
      sendOn(b, [participation('zwei-4')]),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const secrets = await a.ctx.db
      .select()
      .from(installationSecrets)
      .where(eq(installationSecrets.name, 'erasure'));
    expect(secrets).toHaveLength(1);
    expect(await a.ctx.db.select().from(erasedParticipants)).toHaveLength(2);
    for (const [on, erased] of [
      [a, 'zwei-2'],
      [b, 'zwei-1'],
    ] as const) {
      const refused = (await sendOn(on, [participation(erased)])).json();
      expect(refused).toMatchObject({
        accepted: 0,
        rejected: [{ message: 'participant_erased', field: 'participant' }],
      });
    }
  });
});

describe('background jobs on two instances', () => {
  it('starts each due campaign once and mails each start once', async () => {
    const due = await Promise.all(
      Array.from({ length: 6 }, () => createCampaign(ids.sonnenschein, 'coupon/percent')),
    );
    await a.ctx.db
      .update(campaigns)
      .set({
        status: 'approved',
        validFrom: new Date(Date.now() - HOUR),
        validUntil: new Date(Date.now() + 24 * HOUR),
      })
      .where(inArray(campaigns.id, due));
    const mails = await mailsOfBoth(() =>
      Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          runScheduledTransitions(campaignDeps((i % 2 ? a : b).ctx)),
        ),
      ),
    );
    const started = await a.ctx.db
      .select({ campaign: campaignStatusHistory.campaignId })
      .from(campaignStatusHistory)
      .where(
        and(
          inArray(campaignStatusHistory.campaignId, due),
          eq(campaignStatusHistory.toStatus, 'active'),
        ),
      );
    expect(started.map((row) => row.campaign).sort()).toEqual([...due].sort());
    const rows = await a.ctx.db.select().from(campaigns).where(inArray(campaigns.id, due));
    expect(rows.every((row) => row.status === 'active')).toBe(true);
    // The owner wants the start mails of the merchant's campaigns: one per campaign.
    expect(mails.filter((mail) => /^To: owner@example\.com$/m.test(mail))).toHaveLength(due.length);
  });

  it('sends the weekly mail once per account however many instances check at once', async () => {
    const recipientsOf = (mails: string[]) =>
      mails.map((mail) => /^To: (.*)$/m.exec(mail)?.[1] ?? '').sort();
    let sent: number[] = [];
    const first = await mailsOfBoth(async () => {
      sent = await Promise.all(
        [a, b, a, b].map((t) => sendWeeklyStatistics(notificationDeps(t.ctx))),
      );
      await Promise.all([a, b].map((t) => t.ctx.jobs.drain(['mail'])));
    });
    // One instance claimed the week and enqueued every account's mail; the others none.
    expect(sent.filter((n) => n > 0)).toHaveLength(1);
    expect(first).toHaveLength(Math.max(...sent));
    expect(recipientsOf(first)).toContain('owner@example.com');
    // A week later the same mails once more, from whichever instance claims that week.
    const nextWeek = new Date(Date.now() + 7 * 24 * HOUR);
    const second = await mailsOfBoth(async () => {
      sent = await Promise.all(
        [b, a, b, a].map((t) => sendWeeklyStatistics(notificationDeps(t.ctx), nextWeek)),
      );
      await Promise.all([a, b].map((t) => t.ctx.jobs.drain(['mail'])));
    });
    expect(sent.filter((n) => n > 0)).toHaveLength(1);
    expect(recipientsOf(second)).toEqual(recipientsOf(first));
  });

  it('draws each ended sweepstake once', async () => {
    const created = await a.api('POST', '/admin/api-keys', 'admin', { name: 'Zwei Prozesse' });
    const key = String(created.json().secret);
    const sweepstakes = await Promise.all(
      Array.from({ length: 4 }, () => createCampaign(ids.silberblick, 'sweepstake/standard')),
    );
    for (const campaign of sweepstakes) {
      await a.api('POST', `/campaigns/${campaign}`, 'admin', {
        prizes: [{ count: 2, value: 1000, name: 'Torte', redemption: 'store_pickup' }],
      });
      // Published: only then does the consumer app send its participations.
      await a.ctx.db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, campaign));
      const events = ['p1', 'p2', 'p3', 'p4', 'p5'].map((participant) => ({
        id: randomUUID(),
        type: 'participation',
        campaign,
        participant,
        // In the runtime set below.
        occurred_at: new Date(Date.now() - 2.5 * HOUR).toISOString(),
      }));
      const ingested = await b.app.inject({
        method: 'POST',
        url: '/api/ingest/events',
        headers: { 'x-api-key': key },
        payload: { events },
      });
      expect(ingested.json().accepted).toBe(5);
    }
    // Ended longer ago than the draw's delay (DRAW_DELAY_MINUTES, 60).
    await a.ctx.db
      .update(campaigns)
      .set({
        status: 'ended',
        validFrom: new Date(Date.now() - 3 * HOUR),
        validUntil: new Date(Date.now() - 2 * HOUR),
      })
      .where(inArray(campaigns.id, sweepstakes));
    const drawn = await Promise.all([a, b, a, b].map((t) => runDueDraws(drawDeps(t.ctx))));
    expect(drawn.reduce((sum, n) => sum + n, 0)).toBe(sweepstakes.length);
    const stored = await a.ctx.db
      .select()
      .from(draws)
      .where(inArray(draws.campaignId, sweepstakes));
    expect(stored.map((draw) => draw.campaignId).sort()).toEqual([...sweepstakes].sort());
    const [won] = await a.ctx.db
      .select({ total: count() })
      .from(wins)
      .where(inArray(wins.campaignId, sweepstakes));
    expect(won?.total).toBe(2 * sweepstakes.length);
  });

  it('purges old events once', async () => {
    const campaign = await createCampaign(ids.silberblick, 'coupon/percent');
    const old = new Date(Date.now() - 800 * 24 * HOUR);
    const events = Array.from({ length: 30 }, (_, i) => ({
      id: randomUUID(),
      type: 'participation' as const,
      campaignId: campaign,
      merchantId: ids.silberblick,
      participantId: `old-${i}`,
      occurredAt: old,
    }));
    await a.ctx.db.insert(participationEvents).values(events);
    await a.ctx.db
      .insert(eventReceipts)
      .values(events.map(({ id, occurredAt }) => ({ id, expiresAt: occurredAt })));
    const runs = await Promise.all([a, b, a, b].map((t) => applyRetention(ingestDeps(t.ctx))));
    const purged = runs.map((run) => run.events);
    expect(purged.reduce((sum, n) => sum + n, 0)).toBe(30);
    expect(purged.filter((n) => n > 0)).toHaveLength(1);
    expect(runs.reduce((sum, run) => sum + run.receipts, 0)).toBe(30);
    // Each of the 30 people had this one event: each is forgotten once.
    expect(runs.reduce((sum, run) => sum + run.participants, 0)).toBe(30);
  });
});
