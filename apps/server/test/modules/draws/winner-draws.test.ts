/**
 * Winner draws of sweepstakes from the ingested participations: who is drawn,
 * the reproducible draw over the participants, and the mails to the winners.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, wins } from '../../../src/platform/db/schema.js';
import { drawCandidates, drawOverIds, participantsHash } from '../../../src/modules/draws/draw.js';
import { runDueDraws } from '../../../src/modules/draws/service.js';
import { participation, participationHelpers } from '../../fixtures/participation.js';
import { createAdmin, createMerchantWithOwner } from '../../factories/index.js';
import { createTestApp, mailsDuring, type TestApp } from '../../helpers.js';
import { drawDeps } from '../../../src/services.js';

let t: TestApp;
const ids = { silberblick: '' };
let apiKey = '';

const { accepted, create, publish } = participationHelpers(
  () => t,
  () => apiKey,
);

beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Europe/Berlin' });
  const silver = await createMerchantWithOwner(
    t.ctx.db,
    { level: 1 },
    { email: 'silver@example.com' },
  );
  ids.silberblick = silver.merchant.id;
  await t.signInAs({ admin: await createAdmin(t.ctx.db), silver: silver.owner });
  const created = await t.api('POST', '/admin/api-keys', 'admin', { name: 'Consumer app' });
  expect(created.statusCode, created.body).toBe(200);
  apiKey = created.json().secret;
});
afterAll(async () => {
  await t.close();
});

describe('winner draws', () => {
  it('draws distinct participants, one per prize unit, reproducibly from the recorded seed', () => {
    const people = Array.from({ length: 50 }, (_, i) => `p${i}`);
    const prizes = [
      { prizeIndex: 0, count: 3 },
      { prizeIndex: 1, count: 5 },
    ];
    // Scheme 2 (every new draw) over the ids' digests, scheme 1 (older draws) over the ids.
    for (const drawWinners of [drawCandidates, drawOverIds]) {
      const first = drawWinners(people, prizes, 'a'.repeat(64));
      expect(first.winners).toHaveLength(8);
      expect(new Set(first.winners.map((winner) => winner.participantId)).size).toBe(8);
      for (const winner of first.winners) expect(people).toContain(winner.participantId);
      expect(first.winners.filter((winner) => winner.prizeIndex === 0)).toHaveLength(3);
      // The same list (in any order) and seed give the same winners; another seed others.
      expect(drawWinners([...people].reverse(), prizes, 'a'.repeat(64))).toEqual(first);
      expect(drawWinners(people, prizes, 'b'.repeat(64)).winners).not.toEqual(first.winners);
      // Fewer people than prize units: everyone wins once.
      expect(drawWinners(['x', 'y'], prizes, 'c'.repeat(64)).winners).toHaveLength(2);
    }
    expect(drawOverIds(people, prizes, 'a'.repeat(64)).participantsHash).toBe(
      participantsHash([...people].sort()),
    );
  });

  it('orders the ids by HMAC-SHA256 under the seed as text, as anyone can recompute it', () => {
    const people = Array.from({ length: 20 }, (_, i) => `person-${i}`);
    const seed = 'f'.repeat(32) + 'ä';
    const prizes = [
      { prizeIndex: 0, count: 1 },
      { prizeIndex: 1, count: 2 },
    ];
    // The rule of the published audit, computed here with the seed's UTF-8 text as the key.
    const order = [...people].sort((a, b) => {
      const placeA = createHmac('sha256', seed).update(a).digest('hex');
      const placeB = createHmac('sha256', seed).update(b).digest('hex');
      return placeA < placeB ? -1 : 1;
    });
    expect(drawOverIds(people, prizes, seed).winners).toEqual([
      { prizeIndex: 0, participantId: order[0] },
      { prizeIndex: 1, participantId: order[1] },
      { prizeIndex: 1, participantId: order[2] },
    ]);
  });

  it('draws an ended sweepstake once, counts open wins until handled, mails them', async () => {
    const campaign = await create('silver', ids.silberblick, 'sweepstake/standard');
    await t.api('POST', `/campaigns/${campaign}`, 'silver', {
      prizes: [{ count: 2, value: 1000, name: 'Torte', redemption: 'store_pickup' }],
    });
    // They took part in the runtime, which is over longer ago than the draw's
    // delay (DRAW_DELAY_MINUTES, 60), and the campaign was approved: the scheduler's state.
    const now = new Date(Date.now() - 2.5 * 3600_000).toISOString();
    await publish(campaign);
    await accepted(['h1', 'h2', 'h3', 'h4'].map((who) => participation(campaign, who, now)));
    await t.ctx.db
      .update(campaigns)
      .set({
        status: 'ended',
        validFrom: new Date(Date.now() - 3 * 3600_000),
        validUntil: new Date(Date.now() - 2 * 3600_000),
      })
      .where(eq(campaigns.id, campaign));
    const before = (await t.api('GET', `/merchants/${ids.silberblick}/dashboard`, 'silver')).json()
      .todo_wins.count;
    const mails = await mailsDuring(t, async () => {
      expect(await runDueDraws(drawDeps(t.ctx))).toBeGreaterThanOrEqual(1);
    });
    expect(mails.some((mail) => /^To: .*silver@example\.com/m.test(mail))).toBe(true);
    expect(await runDueDraws(drawDeps(t.ctx))).toBe(0);
    const { draw } = (await t.api('GET', `/campaigns/${campaign}/draw`, 'admin')).json();
    expect(draw.winners).toHaveLength(2);
    expect(draw.participant_count).toBe(4);
    const repeated = drawCandidates(
      ['h1', 'h2', 'h3', 'h4'],
      [{ prizeIndex: 0, count: 2 }],
      draw.seed,
    );
    expect(repeated.participantsHash).toBe(draw.participants_hash);
    expect(repeated.winners.map((w) => w.participantId).sort()).toEqual(
      draw.winners.map((w: { participant: string }) => w.participant).sort(),
    );
    const dashboard = (
      await t.api('GET', `/merchants/${ids.silberblick}/dashboard`, 'silver')
    ).json();
    expect(dashboard.todo_wins.count - before).toBe(2);

    const stored = await t.ctx.db.select().from(wins).where(eq(wins.campaignId, campaign));
    const winId = stored?.[0]?.id ?? '';
    const winner = stored?.[0]?.participantId ?? '';
    const handled = await accepted([
      {
        id: randomUUID(),
        type: 'win_handled',
        campaign,
        participant: winner,
        win: winId,
        occurred_at: now,
      },
    ]);
    expect(handled.accepted).toBe(1);
    const afterwards = (
      await t.api('GET', `/merchants/${ids.silberblick}/dashboard`, 'silver')
    ).json();
    expect(afterwards.todo_wins.count - before).toBe(1);
  });

  it('draws a sweepstake of 20,000 participants and as many prizes, and the one after it', async () => {
    const ended = async (hoursAgo: number, prizes: number, people: number) => {
      const campaign = await create('silver', ids.silberblick, 'sweepstake/standard');
      await t.api('POST', `/campaigns/${campaign}`, 'silver', {
        prizes: [{ count: prizes, value: 100, name: 'Brezel', redemption: 'store_pickup' }],
      });
      await t.ctx.db
        .update(campaigns)
        .set({
          status: 'ended',
          validFrom: new Date(Date.now() - (hoursAgo + 1) * 3600_000),
          validUntil: new Date(Date.now() - hoursAgo * 3600_000),
        })
        .where(eq(campaigns.id, campaign));
      // Who took part in the runtime, as ingest records it (sending 20,000 events would only take longer).
      const tookPart = new Date(Date.now() - (hoursAgo + 0.5) * 3600_000);
      await t.ctx.db.execute(sql`
        insert into campaign_participants (campaign_id, participant_id, first_at)
        select ${campaign}::uuid, ${campaign} || '-' || n, ${tookPart.toISOString()}::timestamptz
        from generate_series(1, ${people}) n`);
      return campaign;
    };
    const large = await ended(3, 20_000, 20_000);
    const small = await ended(2, 1, 3);
    expect(await runDueDraws(drawDeps(t.ctx))).toBeGreaterThanOrEqual(2);
    for (const [campaign, count] of [
      [large, 20_000],
      [small, 1],
    ] as const) {
      const { draw } = (await t.api('GET', `/campaigns/${campaign}/draw`, 'admin')).json();
      expect(draw?.winners, campaign).toHaveLength(count);
    }
  });

  it('draws DRAW_DELAY_MINUTES after the end, with the participations of the runtime sent meanwhile and none after it', async () => {
    const campaign = await create('silver', ids.silberblick, 'sweepstake/standard');
    await t.api('POST', `/campaigns/${campaign}`, 'silver', {
      prizes: [{ count: 5, value: 1000, name: 'Torte', redemption: 'store_pickup' }],
    });
    const end = new Date(Date.now() - 5_000);
    const later = (minutes: number) => new Date(end.getTime() + minutes * 60_000);
    await t.ctx.db
      .update(campaigns)
      .set({ status: 'active', validFrom: new Date(end.getTime() - 3600_000), validUntil: end })
      .where(eq(campaigns.id, campaign));
    const early = new Date(end.getTime() - 1800_000).toISOString();
    await accepted([participation(campaign, 'early-bird', early)]);
    const drawOf = async () =>
      (await t.api('GET', `/campaigns/${campaign}/draw`, 'admin')).json().draw;
    // The scheduler's ticks after the end leave it alone for the delay's 60 minutes.
    await runDueDraws(drawDeps(t.ctx));
    await runDueDraws(drawDeps(t.ctx), later(59));
    expect(await drawOf()).toBeNull();
    // A participation of the runtime's last seconds that the app sent a moment
    // later, and one that happened a second after the end: counted, not drawn.
    const lastSecond = new Date(end.getTime() - 2_000).toISOString();
    const afterTheEnd = new Date(end.getTime() + 1_000).toISOString();
    const late = await accepted([
      participation(campaign, 'last-second', lastSecond),
      participation(campaign, 'after-the-end', afterTheEnd),
    ]);
    expect(late.accepted).toBe(2);
    expect(await runDueDraws(drawDeps(t.ctx), later(60))).toBeGreaterThanOrEqual(1);
    const draw = await drawOf();
    expect(draw).toMatchObject({ manual: false, participant_count: 2 });
    expect(draw.participants_hash).toBe(
      drawCandidates(['early-bird', 'last-second'], [], draw.seed).participantsHash,
    );
  });

  it('draws at the first tick after the end with DRAW_DELAY_MINUTES=0', async () => {
    expect(t.ctx.config.campaigns.drawDelayMinutes).toBe(60);
    const campaign = await create('silver', ids.silberblick, 'sweepstake/standard');
    await t.api('POST', `/campaigns/${campaign}`, 'silver', {
      prizes: [{ count: 1, value: 1000, name: 'Torte', redemption: 'store_pickup' }],
    });
    const end = new Date(Date.now() - 1_000);
    await t.ctx.db
      .update(campaigns)
      .set({ status: 'active', validFrom: new Date(end.getTime() - 3600_000), validUntil: end })
      .where(eq(campaigns.id, campaign));
    await accepted([participation(campaign, 'z1', new Date(end.getTime() - 60_000).toISOString())]);
    const noDelay = { ...drawDeps(t.ctx), drawDelayMinutes: 0 };
    // Not before the end, even without a delay.
    await runDueDraws(noDelay, new Date(end.getTime() - 1));
    expect((await t.api('GET', `/campaigns/${campaign}/draw`, 'admin')).json().draw).toBeNull();
    expect(await runDueDraws(noDelay)).toBeGreaterThanOrEqual(1);
    const { draw } = (await t.api('GET', `/campaigns/${campaign}/draw`, 'admin')).json();
    expect(draw).toMatchObject({ manual: false, participant_count: 1 });
  });

  it('lets only admins draw by hand, only once, and only after the end', async () => {
    const campaign = await create('silver', ids.silberblick, 'sweepstake/standard');
    await t.api('POST', `/campaigns/${campaign}`, 'silver', {
      manual_draw: true,
      prizes: [{ count: 1, value: 1000, name: 'Kuchen', redemption: 'store_pickup' }],
    });
    await publish(campaign);
    await accepted([participation(campaign, 'm1', new Date().toISOString())]);
    expect((await t.api('POST', `/campaigns/${campaign}/draw`, 'silver')).statusCode).toBe(403);
    expect((await t.api('POST', `/campaigns/${campaign}/draw`, 'admin')).json().message).toBe(
      'campaign_not_ended',
    );
    await t.ctx.db.update(campaigns).set({ status: 'ended' }).where(eq(campaigns.id, campaign));
    // The scheduler leaves a manual draw to the admin.
    await runDueDraws(drawDeps(t.ctx));
    expect((await t.api('GET', `/campaigns/${campaign}/draw`, 'admin')).json().draw).toBeNull();
    const drawn = await t.api('POST', `/campaigns/${campaign}/draw`, 'admin');
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(drawn.json().draw).toMatchObject({ manual: true, participant_count: 1 });
    expect((await t.api('POST', `/campaigns/${campaign}/draw`, 'admin')).json().message).toBe(
      'already_drawn',
    );
  });

  it('lets an admin draw by hand right after the end, without the scheduler’s delay', async () => {
    const campaign = await create('silver', ids.silberblick, 'sweepstake/standard');
    await t.api('POST', `/campaigns/${campaign}`, 'silver', {
      manual_draw: true,
      prizes: [{ count: 1, value: 1000, name: 'Kuchen', redemption: 'store_pickup' }],
    });
    const end = new Date(Date.now() + 60_000);
    await t.ctx.db
      .update(campaigns)
      .set({ status: 'active', validFrom: new Date(end.getTime() - 3600_000), validUntil: end })
      .where(eq(campaigns.id, campaign));
    await accepted([participation(campaign, 'r1', new Date(Date.now() - 5_000).toISOString())]);
    expect((await t.api('POST', `/campaigns/${campaign}/draw`, 'admin')).json().message).toBe(
      'campaign_not_ended',
    );
    // The runtime ended a second ago; the scheduler has not even ended the campaign yet.
    await t.ctx.db
      .update(campaigns)
      .set({ validUntil: new Date(Date.now() - 1_000) })
      .where(eq(campaigns.id, campaign));
    const drawn = await t.api('POST', `/campaigns/${campaign}/draw`, 'admin');
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(drawn.json().draw).toMatchObject({ manual: true, participant_count: 1 });
  });
});
