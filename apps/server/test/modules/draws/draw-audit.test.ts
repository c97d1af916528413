/**
 * The audit of a winner draw: an auditor repeats a draw from its answer and
 * its candidate digests, also after winners and others were erased.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TCampaignEnvelope } from '@backoffice/domain';
import { clearCandidateDigests } from '../../../src/modules/draws/index.js';
import { verifyDraw } from '../../../src/modules/draws/draw.js';
import { runDueDraws } from '../../../src/modules/draws/service.js';
import { applyRetention } from '../../../src/modules/ingest/privacy.js';
import { drawDeps, ingestDeps } from '../../../src/services.js';
import {
  t,
  silberblick,
  HOUR,
  sha256,
  type Draw,
  takePart,
  drawAsAdmin,
  sweepstake,
  schedulerRunsLater,
  useDrawsApp,
} from './draws-fixture.js';

useDrawsApp();

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
      ingestDeps(t.ctx),
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
