/**
 * Winner draws as their users meet them: the
 * consumer app reads a draw's winners with its API key and closes each win
 * with `win_handled`; candidates are those who took part within the runtime;
 * and an auditor repeats a draw from its answer and its candidate digests,
 * also after winners and others were erased. On PostgreSQL too
 * (TEST_DATABASE_URL), where two draws by hand meet.
 */
import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCampaignEnvelope, TDrawResponse } from '@backoffice/domain';
import { clearCandidateDigests } from '../../../src/modules/draws/index.js';
import { verifyDraw } from '../../../src/modules/draws/draw.js';
import { runDueDraws } from '../../../src/modules/draws/service.js';
import { foldPending } from '../../../src/modules/ingest/fold.js';
import { applyRetention } from '../../../src/modules/ingest/privacy.js';
import { multipartFile } from '../../fixtures/multipart.js';
import { createAdmin, createMerchantWithOwner } from '../../factories/index.js';
import { bearer, createTestApp, type TestApp } from '../../helpers.js';
import { drawDeps } from '../../../src/services.js';

let t: TestApp;
let silberblick = '';
let apiKey = '';
let photo: Buffer;

const HOUR = 3600_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
type Draw = NonNullable<TDrawResponse['draw']>;

/** POST /api/ingest/events with the consumer app's key. */
function ingest(events: object[], key = apiKey) {
  return t.app.inject({
    method: 'POST',
    url: '/api/ingest/events',
    headers: { 'x-api-key': key },
    payload: { events },
  });
}

/** Sends participations that must all be taken, and waits for the statistics fold. */
async function takePart(campaign: string, people: [participant: string, at: Date][]) {
  const sent = await ingest(
    people.map(([participant, at]) => ({
      id: randomUUID(),
      type: 'participation',
      campaign,
      participant,
      occurred_at: at.toISOString(),
    })),
  );
  expect(sent.statusCode, sent.body).toBe(200);
  expect(sent.json()).toMatchObject({ accepted: people.length, rejected: [] });
  await foldPending(t.ctx.db);
}

/** GET /api/ingest/campaigns/{id}/draw with the consumer app's key (or another). */
function readWithKey(campaign: string, headers: Record<string, string> = { 'x-api-key': apiKey }) {
  return t.app.inject({ method: 'GET', url: `/api/ingest/campaigns/${campaign}/draw`, headers });
}

async function drawWithKey(campaign: string): Promise<Draw | null> {
  const response = await readWithKey(campaign);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TDrawResponse>().draw;
}

async function drawAsAdmin(campaign: string): Promise<Draw | null> {
  const response = await t.api('GET', `/campaigns/${campaign}/draw`, 'admin');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TDrawResponse>().draw;
}

const openWins = async () =>
  (await t.api('GET', `/merchants/${silberblick}/dashboard`, 'silver')).json<{
    todo_wins: { count: number };
  }>().todo_wins.count;

/**
 * A sweepstake of Café Silberblick made, submitted and approved through the
 * API, running from `from` until `until`; its id.
 */
async function sweepstake(options: {
  prizes: number[];
  from: Date;
  until: Date;
  manualDraw?: boolean;
}): Promise<string> {
  const created = await t.api('POST', '/campaigns', 'silver', {
    merchant: silberblick,
    type: 'sweepstake/standard',
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json<TCampaignEnvelope>().campaign.uuid;
  const saved = await t.api('POST', `/campaigns/${id}`, 'silver', {
    title: { de: 'Torten zu gewinnen' },
    short_description: { de: 'Mitmachen und gewinnen' },
    description: { de: 'Mitmachen und mit etwas Glück eine Torte gewinnen. '.repeat(5) },
    prizes: options.prizes.map((count, index) => ({
      count,
      value: 1000,
      name: `Preis ${index + 1}`,
      redemption: 'store_pickup',
    })),
    manual_draw: options.manualDraw ?? false,
    valid_from: options.from.toISOString(),
    valid_until: options.until.toISOString(),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const { payload, headers } = multipartFile('upload', 'bild.jpg', photo, 'image/jpeg');
  const image = await t.app.inject({
    method: 'POST',
    url: `/api/campaigns/${id}/image`,
    headers: { ...headers, ...bearer(String(t.tokens.silver)) },
    payload,
  });
  expect(image.statusCode, image.body).toBe(200);
  const submitted = await t.api('POST', `/campaigns/${id}/submit`, 'silver');
  expect(submitted.statusCode, submitted.body).toBe(200);
  const approved = await t.api('POST', `/campaigns/${id}/approve`, 'admin');
  expect(approved.statusCode, approved.body).toBe(200);
  return id;
}

/** The scheduler's run long enough after every end in this file for the draw's delay. */
const schedulerRunsLater = () => runDueDraws(drawDeps(t.ctx), new Date(Date.now() + 3 * HOUR));

beforeAll(async () => {
  t = await createTestApp();
  const silver = await createMerchantWithOwner(t.ctx.db, { level: 1 });
  silberblick = silver.merchant.id;
  await t.signInAs({ admin: await createAdmin(t.ctx.db), silver: silver.owner });
  const created = await t.api('POST', '/admin/api-keys', 'admin', { name: 'Consumer app' });
  expect(created.statusCode, created.body).toBe(200);
  apiKey = created.json().secret;
  photo = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
});

describe('the consumer app and its wins', () => {
  it('reads the winners with its key and closes a win with win_handled, through the API only', async () => {
    const now = Date.now();
    const campaign = await sweepstake({
      prizes: [2],
      from: new Date(now - 2 * HOUR),
      until: new Date(now + 60_000),
    });
    const people = ['rt-1', 'rt-2', 'rt-3', 'rt-4'];
    await takePart(
      campaign,
      people.map((who) => [who, new Date(now - HOUR)]),
    );
    // Before the draw there are no winners to read.
    expect(await drawWithKey(campaign)).toBeNull();
    const before = await openWins();

    expect(await schedulerRunsLater()).toBeGreaterThanOrEqual(1);
    const drawn = await drawWithKey(campaign);
    expect(drawn).toMatchObject({ campaign, scheme: 2, participant_count: 4, manual: false });
    expect(drawn?.winners).toHaveLength(2);
    for (const winner of drawn?.winners ?? []) {
      expect(winner.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(people).toContain(winner.participant);
      expect(winner.status).toBe('pending');
    }
    // The key reads what the admins read.
    expect(await drawAsAdmin(campaign)).toEqual(drawn);
    expect(await openWins()).toBe(before + 2);

    // The app hands the prize out and reports it with the win's id and its participant.
    const [first, second] = drawn?.winners ?? [];
    const handled = await ingest([
      {
        id: randomUUID(),
        type: 'win_handled',
        campaign,
        participant: first?.participant,
        win: first?.id,
        occurred_at: new Date().toISOString(),
      },
    ]);
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json()).toMatchObject({ accepted: 1, rejected: [] });

    const afterwards = await drawWithKey(campaign);
    const statusOf = (draw: Draw | null, id: string | undefined) =>
      draw?.winners.find((winner) => winner.id === id)?.status;
    expect(statusOf(afterwards, first?.id)).toBe('handled');
    expect(statusOf(afterwards, second?.id)).toBe('pending');
    expect(statusOf(await drawAsAdmin(campaign), first?.id)).toBe('handled');
    expect(await openWins()).toBe(before + 1);
  });

  it('answers the key alone: 401 without or with a revoked key, 404 for no campaign, 409 without a draw', async () => {
    const now = Date.now();
    const campaign = await sweepstake({
      prizes: [1],
      from: new Date(now - HOUR),
      until: new Date(now + 60_000),
    });
    expect((await readWithKey(campaign, {})).statusCode).toBe(401);
    expect((await readWithKey(campaign, bearer(String(t.tokens.admin)))).statusCode).toBe(401);
    const other = await t.api('POST', '/admin/api-keys', 'admin', { name: 'Revoked' });
    const { secret, key } = other.json<{ secret: string; key: { id: string } }>();
    expect((await readWithKey(campaign, { 'x-api-key': secret })).statusCode).toBe(200);
    expect((await t.api('DELETE', `/admin/api-keys/${key.id}`, 'admin')).statusCode).toBe(200);
    expect((await readWithKey(campaign, { 'x-api-key': secret })).statusCode).toBe(401);
    expect((await readWithKey(campaign, { authorization: `ApiKey ${apiKey}` })).statusCode).toBe(
      200,
    );

    const unknown = await readWithKey(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('not_found');
    expect((await readWithKey('no-uuid')).statusCode).toBe(400);

    const coupon = await t.api('POST', '/campaigns', 'silver', {
      merchant: silberblick,
      type: 'coupon/percent',
    });
    const couponId = coupon.json<TCampaignEnvelope>().campaign.uuid;
    const noDraw = await readWithKey(couponId);
    expect(noDraw.statusCode).toBe(409);
    expect(noDraw.json()).toMatchObject({ message: 'no_prize_draw', field: 'type' });

    const deletedOne = await t.api('POST', '/campaigns', 'silver', {
      merchant: silberblick,
      type: 'sweepstake/standard',
    });
    const deletedId = deletedOne.json<TCampaignEnvelope>().campaign.uuid;
    const deleted = await t.api('DELETE', `/campaigns/${deletedId}`, 'silver');
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gone = await readWithKey(deletedId);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: 'campaign_deleted', field: 'campaign' });
  });
});

describe('who takes part in a draw', () => {
  it('draws those who took part within the runtime: not before its start, nor after its end', async () => {
    const now = Date.now();
    const start = new Date(now - 2 * HOUR);
    const end = new Date(now + 60_000);
    const campaign = await sweepstake({ prizes: [10], from: start, until: end });
    const before = new Date(start.getTime() - 10 * 60_000);
    const within = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    // First participations as they are received: some before the start...
    await takePart(campaign, [
      ['only-before', before],
      ['before-and-within', before],
      ['within', within(5)],
      // ...and one after the end, whose participation in the runtime the app sends later.
      ['after-then-within', new Date(end.getTime() + 30_000)],
      ['only-after', new Date(end.getTime() + 30_000)],
    ]);
    await takePart(campaign, [
      ['before-and-within', within(20)],
      ['after-then-within', within(30)],
    ]);

    await schedulerRunsLater();
    const draw = await drawAsAdmin(campaign);
    const winners = draw?.winners.map((winner) => winner.participant).sort();
    expect(winners).toEqual(['after-then-within', 'before-and-within', 'within']);
    expect(draw?.participant_count).toBe(3);
  });

  it('leaves out a participant erased before the draw: a prize to their stand-in would reach nobody', async () => {
    const now = Date.now();
    const campaign = await sweepstake({
      prizes: [5],
      from: new Date(now - HOUR),
      until: new Date(now + 60_000),
    });
    await takePart(campaign, [
      ['stays', new Date(now - 30 * 60_000)],
      ['asks-to-be-erased', new Date(now - 20 * 60_000)],
    ]);
    const erased = await t.api('DELETE', '/admin/participants/asks-to-be-erased', 'admin');
    expect(erased.statusCode, erased.body).toBe(200);

    await schedulerRunsLater();
    const draw = await drawAsAdmin(campaign);
    expect(draw?.winners.map((winner) => winner.participant)).toEqual(['stays']);
    expect(draw?.participant_count).toBe(1);
  });
});

describe('the audit of a draw', () => {
  /** The candidate list as an admin downloads it. */
  const candidates = (campaign: string) =>
    t.api('GET', `/campaigns/${campaign}/draw/candidates`, 'admin');

  it('repeats the draw from its answer and its candidate digests, also after erasures', async () => {
    const now = Date.now();
    const campaign = await sweepstake({
      prizes: [2, 1],
      from: new Date(now - 2 * HOUR),
      until: new Date(now + 60_000),
    });
    const people = Array.from({ length: 12 }, (_, i) => `audit-${i}-${randomUUID().slice(0, 8)}`);
    await takePart(
      campaign,
      people.map((who) => [who, new Date(now - HOUR)]),
    );
    await schedulerRunsLater();
    const drawn = await drawAsAdmin(campaign);
    if (!drawn) throw new Error('not drawn');
    expect(drawn).toMatchObject({ scheme: 2, candidates_kept: true, prize_units: [2, 1] });

    const download = await candidates(campaign);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('text/plain; charset=utf-8');
    const digests = download.body;
    // The file is the text the hash was taken of: one SHA-256 of an id a line, sorted.
    expect(sha256(digests)).toBe(drawn.participants_hash);
    expect(digests.split('\n')).toEqual(people.map(sha256).sort());

    const audit = (draw: Draw, text: string) =>
      verifyDraw({
        seed: draw.seed,
        participantsHash: draw.participants_hash,
        participantCount: draw.participant_count,
        candidateDigests: text,
        prizeUnits: draw.prize_units,
        winners: draw.winners.map((w) => ({
          prizeIndex: w.prize_index,
          participant: w.participant,
        })),
      });
    const first = audit(drawn, digests);
    expect(first).toMatchObject({
      wellFormed: true,
      hashMatches: true,
      countMatches: true,
      winnerCountsMatch: true,
      unmatched: [],
    });
    expect(first.winners.map((w) => w.prizeIndex)).toEqual([0, 0, 1]);

    // Erased on request: a winner and someone who did not win.
    const winner = drawn.winners.find((w) => w.prize_index === 1)?.participant ?? '';
    const loser = people.find((who) => !drawn.winners.some((w) => w.participant === who)) ?? '';
    for (const who of [winner, loser]) {
      const erased = await t.api('DELETE', `/admin/participants/${who}`, 'admin');
      expect(erased.statusCode, erased.body).toBe(200);
    }
    const later = await drawAsAdmin(campaign);
    if (!later) throw new Error('draw gone');
    expect(later.winners.map((w) => w.participant)).not.toContain(winner);
    const stillDigests = (await candidates(campaign)).body;
    expect(stillDigests).toBe(digests);
    const second = audit(later, stillDigests);
    expect(second).toMatchObject({
      wellFormed: true,
      hashMatches: true,
      countMatches: true,
      winnerCountsMatch: true,
    });
    expect(second.winners).toEqual(first.winners);
    // Only the erased winner's stand-in id no longer leads to its leaf, which is still drawn.
    expect(second.unmatched).toHaveLength(1);
    expect(second.unmatched[0]?.prizeIndex).toBe(1);
    expect(people).not.toContain(second.unmatched[0]?.participant);
    expect(second.winners).toContainEqual({ prizeIndex: 1, leaf: sha256(winner) });
  });

  it('tells a changed record from the draw', () => {
    const digests = ['a', 'b', 'c', 'd'].map(sha256).sort().join('\n');
    const record = {
      seed: '5'.repeat(64),
      participantsHash: sha256(digests),
      participantCount: 4,
      candidateDigests: digests,
      prizeUnits: [1],
      winners: [] as { prizeIndex: number; participant: string }[],
    };
    const drawn = verifyDraw(record).winners[0]?.leaf;
    const winner = ['a', 'b', 'c', 'd'].find((id) => sha256(id) === drawn) ?? '';
    const loser = ['a', 'b', 'c', 'd'].find((id) => id !== winner) ?? '';
    expect(
      verifyDraw({ ...record, winners: [{ prizeIndex: 0, participant: winner }] }),
    ).toMatchObject({ hashMatches: true, unmatched: [], winnerCountsMatch: true });
    expect(
      verifyDraw({ ...record, winners: [{ prizeIndex: 0, participant: loser }] }).unmatched,
    ).toHaveLength(1);
    expect(verifyDraw({ ...record, seed: '6'.repeat(64) }).winners).not.toEqual(
      verifyDraw(record).winners,
    );
    const dropped = digests.split('\n').slice(1).join('\n');
    expect(verifyDraw({ ...record, candidateDigests: dropped })).toMatchObject({
      hashMatches: false,
      countMatches: false,
    });
    const unsorted = digests.split('\n').reverse().join('\n');
    expect(verifyDraw({ ...record, candidateDigests: unsorted }).wellFormed).toBe(false);
    expect(verifyDraw({ ...record, candidateDigests: `${digests}\n` }).wellFormed).toBe(false);
  });

  it('gives the candidate list to admins only, once drawn, until the retention clears it', async () => {
    const now = Date.now();
    const make = (until: number) =>
      sweepstake({ prizes: [1], from: new Date(now - 2 * HOUR), until: new Date(until) });
    const older = await make(now + 60_000);
    const newer = await make(now + 10 * 60_000);
    await takePart(older, [['kept-1', new Date(now - HOUR)]]);
    await takePart(newer, [['kept-2', new Date(now - HOUR)]]);

    const notYet = await candidates(older);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toMatchObject({ message: 'not_drawn', field: 'campaign' });
    expect((await t.api('GET', `/campaigns/${older}/draw/candidates`, 'silver')).statusCode).toBe(
      403,
    );

    // The older one is due an hour after its end, the newer one later.
    await runDueDraws(drawDeps(t.ctx), new Date(now + 2 * 60_000 + HOUR));
    const olderDraw = await drawAsAdmin(older);
    expect(olderDraw).toMatchObject({ candidates_kept: true });
    expect(await drawAsAdmin(newer)).toBeNull();
    await schedulerRunsLater();
    expect((await candidates(older)).body).toBe(sha256('kept-1'));

    // The retention clears the lists of the draws made before its period, here the older one's.
    const after = new Date(Date.parse(olderDraw?.drawn_at ?? '') + 1);
    const retention = await applyRetention(
      t.ctx,
      new Date(after.getTime() + t.ctx.config.stats.eventRetentionDays * 24 * HOUR),
    );
    expect(retention.drawCandidates).toBeGreaterThanOrEqual(1);
    const cleared = await candidates(older);
    expect(cleared.statusCode).toBe(410);
    expect(cleared.json()).toMatchObject({ message: 'candidates_not_kept', field: 'campaign' });
    // The draw itself stays: seed, hash and winners.
    const kept = await drawAsAdmin(older);
    expect(kept).toMatchObject({ candidates_kept: false, seed: olderDraw?.seed });
    expect(kept?.participants_hash).toBe(olderDraw?.participants_hash);
    // Its winner, not seen within the retention period, is forgotten too: the win stays, under a stand-in.
    const withoutWho = (draw: Draw | null | undefined) =>
      draw?.winners.map(({ participant: _who, ...win }) => win);
    expect(withoutWho(kept)).toEqual(withoutWho(olderDraw));
    expect(kept?.winners.map((winner) => winner.participant.startsWith('erased:'))).toEqual([true]);
    // The newer draw keeps its list, and nothing is left to clear before the moment.
    expect(await drawAsAdmin(newer)).toMatchObject({ candidates_kept: true });
    expect((await candidates(newer)).body).toBe(sha256('kept-2'));
    expect(await clearCandidateDigests(t.ctx.db, after)).toBe(0);

    const coupon = await t.api('POST', '/campaigns', 'silver', {
      merchant: silberblick,
      type: 'coupon/percent',
    });
    const noDraw = await candidates(coupon.json<TCampaignEnvelope>().campaign.uuid);
    expect(noDraw.statusCode).toBe(409);
    expect(noDraw.json().message).toBe('no_prize_draw');
  });
});

describe('a draw by hand', () => {
  it('draws once when two admins draw at the same moment', async () => {
    const now = Date.now();
    const campaign = await sweepstake({
      prizes: [2],
      from: new Date(now - 2 * HOUR),
      until: new Date(now + 1_500),
      manualDraw: true,
    });
    await takePart(campaign, [
      ['twice-1', new Date(now - HOUR)],
      ['twice-2', new Date(now - HOUR)],
      ['twice-3', new Date(now - HOUR)],
    ]);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, now + 1_600 - Date.now())));
    const answers = await Promise.all([
      t.api('POST', `/campaigns/${campaign}/draw`, 'admin'),
      t.api('POST', `/campaigns/${campaign}/draw`, 'admin'),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toBe(
      'already_drawn',
    );
    const draw = await drawAsAdmin(campaign);
    expect(draw).toMatchObject({ manual: true, scheme: 2, participant_count: 3 });
    expect(draw?.winners).toHaveLength(2);
  });
});
