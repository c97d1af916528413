/**
 * Privacy of participation data (DSGVO): participants are pseudonymous ids of
 * the consumer app. A participant is forgotten in one way, set-based
 * (`forgetParticipants`): raw events and profile go, and the rows that made
 * them count once (per campaign, per merchant, per win, per code use) get a
 * random id instead, so every counter and rollup stays as it was while
 * nothing links back to the person. Two things forget participants:
 *
 * - an admin's erasure on the app's request, which also leaves a tombstone (a
 *   keyed hash of the id, erasure-keys.ts): new events naming the id are
 *   refused for ERASURE_BLOCK_DAYS, and the deleted events' ids stay receipts
 *   until they would be too old for ingest, so a batch sent again after the
 *   erasure is answered as duplicates;
 * - the hourly retention job: raw events older than EVENT_RETENTION_DAYS are
 *   purged (and receipts that ran out), and a participant no raw event names any
 *   more (every event about a participant is kept raw with the id, so: not
 *   seen within the retention period) is forgotten, without a tombstone. On
 *   PostgreSQL, a month's partition that lies wholly before the limit goes
 *   whole (detached, its participants looked at, dropped); the rest row by row.
 *
 * Both hold the erasure advisory lock alone while they forget, and ingest
 * batches hold it shared: a batch is either written before (and its events
 * keep its participant) or after (and then finds the participant new).
 */
import type { Config } from '../../platform/config/config.js';
import {
  ADVISORY_LOCK_KEYS,
  advisoryXactLock,
  tryAdvisoryXactLock,
} from '../../platform/db/advisory-locks.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import {
  deleteFromDetachedPartitions,
  detachEventPartition,
  detachedEventCount,
  detachedEventPartitions,
  detachedParticipantPage,
  dropDetachedEventPartition,
  eventPartitions,
  isLockTimeout,
  type EventPartition,
} from '../../platform/db/event-partitions.js';
import { defineJob } from '../../platform/define-job.js';
import { recurringJobPolicy } from '../../platform/jobs/recurring.js';
import { clearCandidateDigests } from '../draws/index.js';
import { erasureKeys } from './erasure-keys.js';
import {
  deleteEvents,
  deleteExpiredReceipts,
  deleteTombstonesBefore,
  eventsBefore,
  forgetParticipants,
  insertTombstone,
  participantIdPage,
  participantSweepState,
  saveParticipantSweepState,
  withoutEvents,
} from './privacy-queries.js';

const DAY_MS = 24 * 3600_000;

/**
 * Rows one step of the retention handles: events purged, receipts purged or
 * participant ids looked at. Each step is its own short transaction, so the
 * erasure lock, which holds ingest back, is never held for long.
 */
export const RETENTION_BATCH = 1000;

/** What the erasure and the retention use of the application (services.ts builds it for tests). */
export interface PrivacyDeps {
  db: Db;
  stats: Pick<Config['stats'], 'eventRetentionDays' | 'erasureBlockDays'>;
}

export async function eraseParticipant(
  deps: PrivacyDeps,
  participantId: string,
): Promise<{ events: number; campaigns: number }> {
  const { db } = deps;
  const key = (await erasureKeys(db, [participantId])).get(participantId) ?? '';
  return db.transaction(async (tx) => {
    // Waits for the batches being written, and holds new ones back meanwhile.
    await advisoryXactLock(tx, ADVISORY_LOCK_KEYS.erasure);
    const erased = await forgetParticipants(tx, [participantId], deps.stats.eventRetentionDays);
    // A month a retention run has detached and not dropped yet holds the person's old events too.
    const detached = await deleteFromDetachedPartitions(tx, [participantId]);
    await insertTombstone(tx, key);
    return { ...erased, events: erased.events + detached };
  });
}

/**
 * Forgets those of `ids` that no raw event names, under the erasure lock:
 * asked again there, since a batch may have stored an event for one of them
 * since the caller looked. Returns how many it forgot.
 */
async function forgetUnseen(tx: DbOrTx, ids: string[], retentionDays: number): Promise<number> {
  if ((await withoutEvents(tx, ids)).length === 0) return 0;
  await advisoryXactLock(tx, ADVISORY_LOCK_KEYS.erasure);
  const unseen = await withoutEvents(tx, ids);
  await forgetParticipants(tx, unseen, retentionDays);
  return unseen.length;
}

export interface RetentionRun {
  /** Raw events purged (those of dropped partitions too). */
  events: number;
  /** Month partitions of raw events dropped whole (PostgreSQL). */
  partitions: number;
  /** Participants forgotten. */
  participants: number;
  /** Receipts purged. */
  receipts: number;
  /** Tombstones of erasures past ERASURE_BLOCK_DAYS purged. */
  tombstones: number;
  /** Draws older than the retention period whose candidate digests were cleared. */
  drawCandidates: number;
}

/**
 * One step of the retention in its own transaction, run by one process at a
 * time (an advisory try-lock; another process finds it taken and leaves the
 * run to the one that has it). Returns undefined when the lock was taken.
 */
async function step<T>(
  db: Db,
  work: (tx: DbOrTx) => Promise<T>,
): Promise<{ value: T } | undefined> {
  return db.transaction(async (tx) => {
    if (!(await tryAdvisoryXactLock(tx, ADVISORY_LOCK_KEYS.retention))) return undefined;
    return { value: await work(tx) };
  });
}

/**
 * Drops the month partitions of raw events (PostgreSQL) that lie wholly
 * before `before`: each is detached in a short step (its events are gone for
 * every query at once, without a row written), then the participants it
 * named are looked at a page a step and those no raw event names any more
 * are forgotten, then it is dropped. A partition detached by a run that
 * ended early is finished first. Counts into `run`; false when another
 * process holds the retention, or a partition's lock could not be had (the
 * next run goes on).
 */
async function dropPartitionsBefore(
  { db, retentionDays }: { db: Db; retentionDays: number },
  before: Date,
  run: RetentionRun,
): Promise<boolean> {
  const detached: EventPartition[] = await detachedEventPartitions(db);
  for (const partition of await eventPartitions(db)) {
    if (partition.to.getTime() > before.getTime()) break;
    let done;
    try {
      done = await step(db, (tx) => detachEventPartition(tx, partition));
    } catch (error) {
      // Long queries on the table: the next run detaches it (not row by row now).
      if (isLockTimeout(error)) return false;
      throw error;
    }
    if (!done) return false;
    detached.push(partition);
  }
  for (const partition of detached) {
    let after = '';
    for (;;) {
      const page = await step(db, async (tx) => {
        const ids = await detachedParticipantPage(tx, partition, { after, limit: RETENTION_BATCH });
        return { ids, forgotten: await forgetUnseen(tx, ids, retentionDays) };
      });
      if (!page) return false;
      run.participants += page.value.forgotten;
      const last = page.value.ids.at(-1);
      if (page.value.ids.length < RETENTION_BATCH || last === undefined) break;
      after = last;
    }
    const dropped = await step(db, async (tx) => {
      const events = await detachedEventCount(tx, partition);
      await dropDetachedEventPartition(tx, partition);
      return events;
    });
    if (!dropped) return false;
    run.events += dropped.value;
    run.partitions += 1;
  }
  return true;
}

/**
 * The retention: purges raw events older than EVENT_RETENTION_DAYS and
 * forgets the participants they leave without any raw event; purges the
 * receipts that ran out, the tombstones older than ERASURE_BLOCK_DAYS and the
 * candidate digests of draws made before the retention period.
 * Each in steps of RETENTION_BATCH rows, but for the month partitions of raw
 * events wholly before the limit on PostgreSQL, which go whole. Until it has been through them all
 * once, it also sweeps every participant for those no raw event names (left
 * by purges before participants were forgotten with their events), a page a
 * step. Returns what it removed.
 */
export async function applyRetention(
  { db, stats }: PrivacyDeps,
  now = new Date(),
): Promise<RetentionRun> {
  const { eventRetentionDays, erasureBlockDays } = stats;
  const before = new Date(now.getTime() - eventRetentionDays * DAY_MS);
  const run: RetentionRun = {
    events: 0,
    partitions: 0,
    participants: 0,
    receipts: 0,
    tombstones: 0,
    drawCandidates: 0,
  };

  if (!(await dropPartitionsBefore({ db, retentionDays: eventRetentionDays }, before, run))) {
    return run;
  }
  // The month the limit falls in, and the default partition's old events: row by row.
  for (;;) {
    const purged = await step(db, async (tx) => {
      const old = await eventsBefore(tx, before, RETENTION_BATCH);
      // The lock before the first row is deleted: an erasure deleting the same
      // rows would otherwise wait for this step while it waits for the lock.
      if (old.participants.length > 0) await advisoryXactLock(tx, ADVISORY_LOCK_KEYS.erasure);
      const events = await deleteEvents(tx, old.keys);
      const unseen = await withoutEvents(tx, old.participants);
      await forgetParticipants(tx, unseen, eventRetentionDays);
      // Rows an erasure took meanwhile are gone already; none gone at all ends the run.
      return {
        events,
        forgotten: unseen.length,
        more: old.keys.length === RETENTION_BATCH && events > 0,
      };
    });
    if (!purged) return run;
    run.events += purged.value.events;
    run.participants += purged.value.forgotten;
    if (!purged.value.more) break;
  }
  for (;;) {
    const purged = await step(db, (tx) => deleteExpiredReceipts(tx, now, RETENTION_BATCH));
    if (!purged) return run;
    run.receipts += purged.value;
    if (purged.value < RETENTION_BATCH) break;
  }
  const blockedSince = new Date(now.getTime() - erasureBlockDays * DAY_MS);
  const tombstones = await step(db, (tx) => deleteTombstonesBefore(tx, blockedSince));
  if (!tombstones) return run;
  run.tombstones += tombstones.value;
  // A draw's candidate list is pseudonymous data of its time: kept for audits as long as raw events are.
  const drawCandidates = await step(db, (tx) => clearCandidateDigests(tx, before));
  if (!drawCandidates) return run;
  run.drawCandidates += drawCandidates.value;

  for (;;) {
    const swept = await step(db, async (tx) => {
      const state = await participantSweepState(tx);
      if (state.done !== undefined) return { forgotten: 0, more: false };
      const page = await participantIdPage(tx, state.after ?? '', RETENTION_BATCH);
      const forgotten = await forgetUnseen(tx, page, eventRetentionDays);
      const last = page.at(-1);
      const more = page.length === RETENTION_BATCH && last !== undefined;
      await saveParticipantSweepState(
        tx,
        more ? { after: last } : { done: new Date().toISOString() },
      );
      return { forgotten, more };
    });
    if (!swept) return run;
    run.participants += swept.value.forgotten;
    if (!swept.value.more) break;
  }
  return run;
}

/** The retention, hourly across all processes while the scheduler runs. */
export const retentionJob = defineJob({
  name: 'event-retention',
  pollSeconds: 30, // hourly work nobody waits for
  queue: recurringJobPolicy,
  everySeconds: (config) => (config.campaigns.schedulerIntervalSeconds === 0 ? 0 : 3600),
  run: async (ctx) => {
    const run = await applyRetention({ db: ctx.db, stats: ctx.config.stats });
    if (Object.values(run).some((count) => count > 0)) {
      ctx.log.info(run, 'retention: raw events, receipts, participants and tombstones purged');
    }
  },
});
