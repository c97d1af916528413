/**
 * Privacy of participation data (DSGVO): participants are pseudonymous ids of
 * the consumer app. On its request an admin erases one participant: raw
 * events and profile go, and the rows that made them count once (per
 * campaign, per merchant, per win) get a random id instead, so every counter
 * and rollup stays as it was while nothing links back to the person. Raw
 * events older than the retention period are purged; rollups stay.
 */
import type { AppContext } from '../../app-context.js';
import {
  ADVISORY_LOCK_KEYS,
  advisoryXactLock,
  tryAdvisoryXactLock,
} from '../../db/advisory-locks.js';
import { repeat } from '../../repeat.js';
import {
  deleteEventsBefore,
  deleteParticipantEvents,
  deleteParticipantProfile,
  pseudonymiseParticipantRows,
} from './queries.js';

export async function eraseParticipant(
  ctx: AppContext,
  participantId: string,
): Promise<{ events: number; campaigns: number }> {
  return ctx.db.transaction(async (tx) => {
    // Waits for the batches being written, and holds new ones back meanwhile.
    await advisoryXactLock(tx, ADVISORY_LOCK_KEYS.erasure);
    const events = await deleteParticipantEvents(tx, participantId);
    await deleteParticipantProfile(tx, participantId);
    const campaigns = await pseudonymiseParticipantRows(tx, participantId);
    return { events, campaigns };
  });
}

/**
 * Deletes raw events older than the retention period, in
 * one process at a time (an advisory lock; another process finds it taken and
 * leaves the work to the one that has it). Returns how many events it purged.
 */
export async function purgeOldEvents(ctx: AppContext, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ctx.config.stats.eventRetentionDays * 24 * 3600_000);
  return ctx.db.transaction(async (tx) => {
    if (!(await tryAdvisoryXactLock(tx, ADVISORY_LOCK_KEYS.retention))) return 0;
    return deleteEventsBefore(tx, before);
  });
}

/**
 * Purges shortly after start and then hourly while the scheduler runs (also
 * in a process restarted more often than hourly); returns a function that stops it.
 */
export function startRetention(ctx: AppContext): () => Promise<void> {
  if (ctx.config.campaigns.schedulerIntervalSeconds === 0) return async () => {};
  return repeat(ctx.log, 3600_000, 'event retention', async () => {
    const count = await purgeOldEvents(ctx);
    if (count > 0) ctx.log.info({ count }, 'raw events past retention purged');
  });
}
