/**
 * After an erasure: a batch sent again is answered as duplicates and counts
 * nothing again, new events for the erased id are refused for
 * ERASURE_BLOCK_DAYS. On PostgreSQL too (TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { erasedParticipants } from '../../../src/platform/db/schema.js';
import { applyRetention } from '../../../src/modules/ingest/privacy.js';
import {
  DAY,
  t,
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

describe('a resend after an erasure', () => {
  it('answers the batch sent again as duplicates and counts nothing again', async () => {
    const first = await campaignIn();
    const second = await campaignIn();
    const now = new Date();
    const profile = {
      gender: 'female',
      birth_year: 1984,
      kids: [{ gender: 'male', birth_year: 2019 }],
    };
    const batch = [
      participation(first, 'weg-1', now, profile),
      participation(second, 'weg-1', now, profile),
      participation(first, 'bleibt-1', now),
      { id: randomUUID(), type: 'view_list', campaign: first, occurred_at: now.toISOString() },
    ];
    expect(await send(batch)).toEqual({ accepted: 4, duplicates: 0, rejected: [] });
    const before = await counts([first, second]);
    expect(before.campaigns[0]).toMatchObject({ participations: 2, distinct_users: 2 });

    const erased = await t.api('DELETE', '/admin/participants/weg-1', 'admin');
    expect(erased.json()).toEqual({ erased: { events: 2, campaigns: 2 } });
    expect(await traces('weg-1')).toEqual(NO_TRACE);
    expect(await counts([first, second])).toEqual(before);

    // The consumer app missed the answer and sends the batch again.
    expect(await send(batch)).toEqual({ accepted: 0, duplicates: 4, rejected: [] });
    expect(await traces('weg-1')).toEqual(NO_TRACE);
    expect(await counts([first, second])).toEqual(before);

    // A month on, the tombstone and the ordinary receipts are gone (the retention
    // purged them), but the erased events' ids are still receipts: sent once
    // more, the batch still changes nothing.
    const run = await applyRetention(ingestDeps(t.ctx), new Date(Date.now() + 31 * DAY));
    expect(run.tombstones).toBeGreaterThanOrEqual(1);
    expect(run.receipts).toBeGreaterThanOrEqual(2);
    expect(await send(batch)).toEqual({ accepted: 0, duplicates: 4, rejected: [] });
    expect(await traces('weg-1')).toEqual(NO_TRACE);
    expect(await counts([first, second])).toEqual(before);
  });

  it('refuses new events naming the erased id for ERASURE_BLOCK_DAYS, then takes them again', async () => {
    const campaign = await campaignIn();
    expect(await send([participation(campaign, 'weg-2', new Date())])).toMatchObject({
      accepted: 1,
    });
    expect((await t.api('DELETE', '/admin/participants/weg-2', 'admin')).statusCode).toBe(200);
    const before = await counts([campaign]);
    const fresh = [
      participation(campaign, 'weg-2', new Date(), { gender: 'male' }),
      {
        id: randomUUID(),
        type: 'view_detail',
        campaign,
        participant: 'weg-2',
        occurred_at: new Date().toISOString(),
      },
      participation(campaign, 'jemand-anders', new Date()),
    ];
    const answer = await send(fresh);
    expect(answer.accepted).toBe(1);
    expect(answer.rejected).toEqual([
      { index: 0, id: fresh[0]?.id, message: 'participant_erased', field: 'participant' },
      { index: 1, id: fresh[1]?.id, message: 'participant_erased', field: 'participant' },
    ]);
    expect(await traces('weg-2')).toEqual(NO_TRACE);
    const after = await counts([campaign]);
    expect(after.campaigns[0]?.participations).toBe(
      Number(before.campaigns[0]?.participations) + 1,
    );

    // The tombstone names nobody: a keyed hash, not the id.
    const stones = await t.ctx.db.select().from(erasedParticipants);
    expect(JSON.stringify(stones)).not.toContain('weg-');
    expect(stones.every((stone) => /^[0-9a-f]{64}$/.test(stone.key))).toBe(true);

    // 31 days later (the default block is 30 days): the retention removes the
    // tombstone, and the id's events are taken again (refused before that).
    await t.ctx.db.update(erasedParticipants).set({ erasedAt: new Date(Date.now() - 31 * DAY) });
    expect(await send([participation(campaign, 'weg-2', new Date())])).toMatchObject({
      accepted: 1,
      rejected: [],
    });
    const run = await applyRetention(ingestDeps(t.ctx));
    expect(run.tombstones).toBe(stones.length);
    expect(await t.ctx.db.select().from(erasedParticipants)).toEqual([]);
  });

  it('leaves no trace of a participant whose new batch races the erasure', async () => {
    for (let round = 0; round < 5; round += 1) {
      const campaign = await campaignIn();
      const id = `rennen-${round}`;
      expect(await send([participation(campaign, id, new Date())])).toMatchObject({ accepted: 1 });
      const [sent, erased] = await Promise.all([
        send([participation(campaign, id, new Date(), { gender: 'female' })]),
        t.api('DELETE', `/admin/participants/${id}`, 'admin'),
      ]);
      expect(erased.statusCode, erased.body).toBe(200);
      // Either stored before the erasure (and erased with it) or refused after it.
      expect(sent.accepted + sent.rejected.length, `round ${round}`).toBe(1);
      if (sent.rejected.length > 0) {
        expect(sent.rejected[0]).toMatchObject({ message: 'participant_erased' });
      }
      expect(await traces(id), `round ${round}`).toEqual(NO_TRACE);
    }
  });
});
