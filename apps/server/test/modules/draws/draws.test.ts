/**
 * Winner draws as their users meet them: the consumer app reads a draw's
 * winners with its API key and closes each win with `win_handled`;
 * candidates are those who took part within the runtime. On PostgreSQL too
 * (TEST_DATABASE_URL), where two draws by hand meet. The audit of a draw:
 * draw-audit.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TCampaignEnvelope } from '@backoffice/domain';
import { bearer } from '../../helpers.js';
import {
  t,
  silberblick,
  apiKey,
  HOUR,
  type Draw,
  ingest,
  takePart,
  readWithKey,
  drawWithKey,
  drawAsAdmin,
  openWins,
  sweepstake,
  schedulerRunsLater,
  useDrawsApp,
} from './draws-fixture.js';

useDrawsApp();

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
