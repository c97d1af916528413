/**
 * Background geocoding of uploaded locations (spec §9: seconds per address).
 * Rows are stored at upload as 'pending'; a worker claims one row at a time
 * for a lease (one conditional statement, `FOR UPDATE SKIP LOCKED`), geocodes
 * it and counts progress on the job. Workers of several processes share a
 * job without geocoding a row twice; a row whose worker died is claimed again
 * once its lease has run out, by any process whose scheduler looks for
 * running jobs. Every row update is conditional on 'pending' besides, so a
 * row is never counted twice.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AppContext } from '../../app-context.js';
import { geocodeLimitMs, type Config } from '../../config.js';
import { repeat } from '../../repeat.js';
import { geocodeLocation } from './geocode.js';
import {
  claimNextPendingLocation,
  countImportProgress,
  finishImportJob,
  runningImportJobIds,
  storeGeocodeResult,
} from './queries.js';

/** How long a claimed row is its worker's: ten times what one geocoding call may take. */
export const claimLeaseMs = (config: Config): number => 10 * geocodeLimitMs(config);

/** The jobs a worker of this app works on (per app: tests run two apps in one process). */
const runningByApp = new WeakMap<AppContext, Set<string>>();

export function startImportJob(ctx: AppContext, jobId: string): Promise<void> {
  const running = runningByApp.get(ctx) ?? new Set<string>();
  runningByApp.set(ctx, running);
  if (running.has(jobId)) return Promise.resolve();
  running.add(jobId);
  return processJob(ctx, jobId, claimLeaseMs(ctx.config))
    .catch((error: unknown) => ctx.log.error({ err: error, jobId }, 'location import failed'))
    .finally(() => running.delete(jobId));
}

async function processJob(ctx: AppContext, jobId: string, leaseMs: number): Promise<void> {
  for (;;) {
    // PGlite answers within the same turn of the event loop, and the offline
    // geocoder needs no I/O: without a turn between two rows, a job of
    // thousands of rows would hold every other request until its end.
    await nextTurn();
    const next = await claimNextPendingLocation(ctx.db, jobId, leaseMs);
    if (!next) break;
    const result = await geocodeLocation(ctx, next, 'background');
    await ctx.db.transaction(async (tx) => {
      if (!(await storeGeocodeResult(tx, next.id, result))) return;
      await countImportProgress(tx, jobId, result ? 'found' : 'not_found');
    });
  }
  // Done only when no row waits any more, also none claimed by another worker.
  await finishImportJob(ctx.db, jobId);
}

/** Works on every running job: those a stopped process left, and rows whose claim ran out. */
export async function resumeImportJobs(ctx: AppContext): Promise<void> {
  for (const jobId of await runningImportJobIds(ctx.db)) void startImportJob(ctx, jobId);
}

/** Looks for running jobs every scheduler interval; returns a function that stops it. */
export function startImportResumption(ctx: AppContext): () => void {
  const seconds = ctx.config.campaigns.schedulerIntervalSeconds;
  return repeat(ctx.log, seconds * 1000, 'location import resumption', () => resumeImportJobs(ctx));
}
