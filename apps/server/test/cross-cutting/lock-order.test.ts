/**
 * Commands that lock several rows, against each other: campaigns are locked
 * in id order, a draw holds the erasure lock like ingest. Run on PostgreSQL too
 * (TEST_DATABASE_URL), where requests really overlap and a wrong order
 * deadlocks. Where the moment matters, a third transaction holds a row (or a
 * request's transaction waits before its commit) to put the two requests in
 * the order that used to fail.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCampaignEnvelope } from '@backoffice/domain';
import { campaigns, wins } from '../../src/platform/db/schema.js';
import { holdTransaction, pauseNextCommit } from '../fixtures/held-transaction.js';
import { createAdmin, createMerchant, createMerchantWithOwner } from '../factories/index.js';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
const ids = { silberblick: '', weber: '' };
let apiKey = '';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function create(who: string, merchant: string, type = 'coupon/percent'): Promise<string> {
  const response = await t.api('POST', '/campaigns', who, { merchant, type });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TCampaignEnvelope>().campaign.uuid;
}

/** A transaction that holds the rows of these campaigns FOR UPDATE until `release`. */
const holdCampaigns = (campaignIds: string[]) =>
  holdTransaction(t.ctx.db, (tx) =>
    tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(inArray(campaigns.id, campaignIds))
      .for('update'),
  );

beforeAll(async () => {
  t = await createTestApp();
  const { merchant, owner } = await createMerchantWithOwner(t.ctx.db, { level: 1 });
  await t.signInAs({ admin: await createAdmin(t.ctx.db), silver: owner });
  ids.silberblick = merchant.id;
  ids.weber = (await createMerchant(t.ctx.db, { level: 1 })).id;
  const created = await t.api('POST', '/admin/api-keys', 'admin', { name: 'Lock order' });
  expect(created.statusCode, created.body).toBe(200);
  apiKey = created.json<{ secret: string }>().secret;
});
afterAll(async () => {
  await t?.close();
});

describe('commands that lock several rows', () => {
  // Each save locks its campaign and the link targets it names in id order
  // (with its own row first and the targets after it, the two deadlocked and
  // one answered 503).
  it('saves two campaigns that name each other at the same moment, without a deadlock', async () => {
    const a = await create('silver', ids.silberblick);
    const b = await create('silver', ids.silberblick);
    for (let round = 0; round < 3; round += 1) {
      const holder = await holdCampaigns([a, b]);
      const saves = Promise.all([
        t.api('POST', `/campaigns/${a}`, 'silver', { coparticipation_targets: [b] }),
        t.api('POST', `/campaigns/${b}`, 'silver', { coparticipation_targets: [a] }),
      ]);
      await pause(200);
      await holder.release();
      for (const saved of await saves) expect(saved.statusCode, saved.body).toBe(200);
    }
  });

  // Unlinking locks the parent and its follow-ups in id order, as a
  // follow-up's save that names its parent does.
  it('unlinks a follow-up while it is saved with its parent as a target, without a deadlock', async () => {
    const parent = await create('silver', ids.silberblick);
    for (let round = 0; round < 3; round += 1) {
      const made = await t.api('POST', `/campaigns/${parent}/create-followup`, 'silver');
      expect(made.statusCode, made.body).toBe(200);
      const followup = made.json<TCampaignEnvelope>().campaign.uuid;
      const holder = await holdCampaigns([parent, followup]);
      const both = Promise.all([
        t.api('POST', `/campaigns/${followup}`, 'silver', { coparticipation_targets: [parent] }),
        t.api('DELETE', `/campaigns/${parent}/followups?ident=${followup}`, 'silver'),
      ]);
      await pause(200);
      await holder.release();
      for (const answer of await both) expect(answer.statusCode, answer.body).toBe(200);
    }
  });

  // A draw holds the erasure lock shared, as ingest does: an erasure during
  // the draw waits for the winners and pseudonymises their wins too.
  it('leaves no win under the id of a participant erased while the draw was written', async () => {
    const campaign = await create('silver', ids.silberblick, 'sweepstake/standard');
    const saved = await t.api('POST', `/campaigns/${campaign}`, 'silver', {
      manual_draw: true,
      prizes: [{ count: 1, value: 1000, name: 'Kuchen', redemption: 'store_pickup' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Published: only then does the consumer app send its participations.
    await t.ctx.db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, campaign));
    const participant = `erase-during-draw-${randomUUID()}`;
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
            participant,
            occurred_at: new Date().toISOString(),
          },
        ],
      },
    });
    expect(sent.json()).toMatchObject({ accepted: 1 });
    await t.ctx.db.update(campaigns).set({ status: 'ended' }).where(eq(campaigns.id, campaign));

    const paused = pauseNextCommit(t.ctx.db);
    try {
      const drawing = t.api('POST', `/campaigns/${campaign}/draw`, 'admin');
      await paused.inside;
      const erasing = t.api('DELETE', `/admin/participants/${participant}`, 'admin');
      await pause(300);
      paused.release();
      const [drawn, erased] = await Promise.all([drawing, erasing]);
      expect(drawn.statusCode, drawn.body).toBe(200);
      expect(erased.statusCode, erased.body).toBe(200);
    } finally {
      paused.restore();
    }
    const left = await t.ctx.db.select().from(wins).where(eq(wins.participantId, participant));
    expect(left).toEqual([]);
  });
});
