/**
 * Raw events partitioned by month on PostgreSQL (docs/decisions/046-event-partitions.md):
 * the job makes the months ahead, an event of a month without a partition
 * lands in the default partition and is counted, the retention drops a month
 * wholly past its limit (younger months stay), and an erasure takes a
 * person's events from every partition. These run where PostgreSQL is
 * (TEST_DATABASE_URL; CI runs the server tests against it): on the embedded
 * database the events stay one table, which the last test holds.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../src/platform/db/client.js';
import {
  DEFAULT_EVENT_PARTITION,
  detachEventPartition,
  EVENT_PARTITIONS_AHEAD,
  ensureEventPartitions,
  eventPartition,
  eventPartitions,
  eventsPartitioned,
  monthStart,
} from '../../../src/platform/db/event-partitions.js';
import { eventPartitionsJob } from '../../../src/modules/ingest/event-partitions.js';
import { applyRetention } from '../../../src/modules/ingest/privacy.js';
import { ingestDeps } from '../../../src/services.js';
import {
  DAY,
  NO_TRACE,
  RETENTION_DAYS,
  campaignIn,
  counts,
  participation,
  send,
  t,
  traces,
  usePrivacyApp,
} from './privacy-fixture.js';

usePrivacyApp();

const onPostgres = process.env.TEST_DATABASE_URL !== undefined;

/** A time in the UTC month `months` from now, on its `day`th day at noon (this month: a minute ago). */
const inMonth = (months: number, day = 15) =>
  months === 0
    ? new Date(Date.now() - 60_000)
    : new Date(monthStart(new Date(), months).getTime() + (day - 1) * DAY + 12 * 3600_000);

/** The table each of the participant's raw events is stored in, by time. */
async function whereStored(participant: string): Promise<string[]> {
  const rows = await queryRows<{ partition: string }>(
    t.ctx.db,
    sql`select tableoid::regclass::text as partition from participation_events
        where participant_id = ${participant} order by occurred_at`,
  );
  return rows.map((row) => row.partition);
}

async function tableExists(name: string): Promise<boolean> {
  const [row] = await queryRows<{ present: boolean }>(
    t.ctx.db,
    sql`select to_regclass(${name}) is not null as present`,
  );
  return row?.present ?? false;
}

describe.runIf(onPostgres)('raw events partitioned by month on PostgreSQL', () => {
  it('has the current month and the ones ahead, and the job makes a missing one again', async () => {
    expect(await eventsPartitioned(t.ctx.db)).toBe(true);
    const ahead = Array.from({ length: EVENT_PARTITIONS_AHEAD + 1 }, (_, i) =>
      eventPartition(monthStart(new Date(), i)),
    );
    const names = (await eventPartitions(t.ctx.db)).map((partition) => partition.name);
    expect(names).toEqual(expect.arrayContaining(ahead.map((partition) => partition.name)));

    const last = ahead.at(-1)?.name ?? '';
    await t.ctx.db.execute(sql.raw(`drop table ${last}`));
    expect(await tableExists(last)).toBe(false);
    await eventPartitionsJob.run(t.ctx, {}, { id: 'test', retryCount: 0 });
    expect(await tableExists(last)).toBe(true);
    // Made once: the next run finds nothing to do.
    expect(await ensureEventPartitions(t.ctx.db)).toEqual([]);
  });

  it('stores an event of a month without a partition in the default one, counts it, and moves it to its month made later', async () => {
    const campaign = await campaignIn();
    const month = -15;
    const partition = eventPartition(monthStart(new Date(), month));
    expect(await tableExists(partition.name)).toBe(false);
    expect(await send([participation(campaign, 'vorab-1', inMonth(month))])).toMatchObject({
      accepted: 1,
      duplicates: 0,
    });
    expect(await whereStored('vorab-1')).toEqual([DEFAULT_EVENT_PARTITION]);
    const before = await counts([campaign]);
    expect(before.campaigns).toEqual([{ participations: 1, distinct_users: 1, view_list: 0 }]);

    const created = await ensureEventPartitions(t.ctx.db, new Date(), partition.from);
    expect(created.map((made) => made.name)).toContain(partition.name);
    expect(await whereStored('vorab-1')).toEqual([partition.name]);
    expect(await counts([campaign])).toEqual(before);
  });

  it('erases a person from every partition, the default one too, and leaves the others', async () => {
    await ensureEventPartitions(t.ctx.db, new Date(), monthStart(new Date(), -6));
    const campaign = await campaignIn();
    const months = [-6, -2, 0];
    for (const id of ['weg-2', 'bleibt-2']) {
      const events = months.map((month) => participation(campaign, id, inMonth(month)));
      // Twenty months back: no partition, the default one.
      events.push(participation(campaign, id, inMonth(-20)));
      expect(await send(events)).toMatchObject({ accepted: 4 });
    }
    const spread = [
      DEFAULT_EVENT_PARTITION,
      ...[-6, -2, 0].map((month) => eventPartition(monthStart(new Date(), month)).name),
    ];
    expect(await whereStored('weg-2')).toEqual(spread);

    const erased = await t.api('DELETE', '/admin/participants/weg-2', 'admin');
    expect(erased.json()).toEqual({ erased: { events: 4, campaigns: 1 } });
    expect(await traces('weg-2')).toEqual(NO_TRACE);
    expect(await whereStored('bleibt-2')).toEqual(spread);
  });

  it('erases a person from a month a retention run detached and has not dropped yet', async () => {
    await ensureEventPartitions(t.ctx.db, new Date(), monthStart(new Date(), -5));
    const campaign = await campaignIn();
    const events = ['weg-4', 'bleibt-4'].map((id) => participation(campaign, id, inMonth(-5)));
    expect(await send(events)).toMatchObject({ accepted: 2 });
    const month = eventPartition(monthStart(new Date(), -5));
    // What a retention run that stopped between its steps leaves: the month detached, not dropped.
    await t.ctx.db.transaction((tx) => detachEventPartition(tx, month));

    const erased = await t.api('DELETE', '/admin/participants/weg-4', 'admin');
    expect(erased.json()).toEqual({ erased: { events: 1, campaigns: 1 } });
    const left = await queryRows<{ id: string }>(
      t.ctx.db,
      sql`select participant_id as id from ${sql.identifier(month.name)}`,
    );
    expect(left).toEqual([{ id: 'bleibt-4' }]);
    await t.ctx.db.execute(sql.raw(`drop table ${month.name}`));
  });

  it('drops a month wholly past the retention instead of deleting its rows; younger months and the boundary month’s younger rows stay', async () => {
    await ensureEventPartitions(t.ctx.db, new Date(), monthStart(new Date(), -4));
    const campaign = await campaignIn();
    expect(
      await send([
        participation(campaign, 'alt-3', inMonth(-4), { gender: 'male' }),
        participation(campaign, 'jung-3', inMonth(-4)),
        participation(campaign, 'jung-3', inMonth(-3, 5)),
        participation(campaign, 'jung-3', inMonth(-3, 25), { gender: 'female' }),
        participation(campaign, 'jung-3', inMonth(0)),
      ]),
    ).toMatchObject({ accepted: 5 });
    const gone = eventPartition(monthStart(new Date(), -4)).name;
    const boundary = eventPartition(monthStart(new Date(), -3)).name;
    const before = await counts([campaign]);

    // The limit falls on the tenth of month -3: month -4 lies wholly before it.
    const limit = new Date(monthStart(new Date(), -3).getTime() + 9 * DAY);
    const run = await applyRetention(
      ingestDeps(t.ctx),
      new Date(limit.getTime() + RETENTION_DAYS * DAY),
    );
    expect(run.partitions).toBeGreaterThanOrEqual(1);
    expect(run.events).toBeGreaterThanOrEqual(3);
    expect(await tableExists(gone)).toBe(false);
    expect(await tableExists(boundary)).toBe(true);
    // The boundary month's row before the limit went row by row; the later ones stay.
    expect(await whereStored('jung-3')).toEqual([
      boundary,
      eventPartition(monthStart(new Date(), 0)).name,
    ]);
    // Whom only the dropped month named is forgotten; counts stay as they were.
    expect(await traces('alt-3')).toEqual(NO_TRACE);
    expect(await traces('jung-3')).toMatchObject({ events: 2, profile: 1 });
    expect(await counts([campaign])).toEqual(before);
    // Nothing of it left over: no detached month waits for the next run.
    const [left] = await queryRows<{ tables: number }>(
      t.ctx.db,
      sql`select count(*)::int as tables from pg_class
          where relname ~ '^participation_events_y' and relkind = 'r' and not relispartition`,
    );
    expect(left?.tables).toBe(0);
  });
});

// The embedded database keeps one table, as the decision record says: nothing for the job to do there.
it('partitions the raw events on PostgreSQL only', async () => {
  expect(await eventsPartitioned(t.ctx.db)).toBe(onPostgres);
  if (onPostgres) return;
  expect(await ensureEventPartitions(t.ctx.db)).toEqual([]);
  expect(await eventPartitions(t.ctx.db)).toEqual([]);
});
