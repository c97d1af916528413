/**
 * Background geocoding of uploaded locations (spec §9: seconds per address).
 * Rows are stored at upload as 'pending'; the worker geocodes them one by
 * one and counts progress on the job. Every row update is conditional on
 * 'pending', so a second worker on the same job (another process, a restart)
 * never counts a row twice.
 */
import type { AppContext } from '../../app-context.js';
import { geocodeLocation } from './geocode.js';
import {
  countImportProgress,
  finishImportJob,
  nextPendingLocation,
  runningImportJobIds,
  storeGeocodeResult,
} from './queries.js';

const running = new Set<string>();

export function startImportJob(ctx: AppContext, jobId: string): Promise<void> {
  if (running.has(jobId)) return Promise.resolve();
  running.add(jobId);
  return processJob(ctx, jobId)
    .catch((error: unknown) => ctx.log.error({ err: error, jobId }, 'location import failed'))
    .finally(() => running.delete(jobId));
}

async function processJob(ctx: AppContext, jobId: string): Promise<void> {
  for (;;) {
    const next = await nextPendingLocation(ctx.db, jobId);
    if (!next) break;
    const result = await geocodeLocation(ctx, next);
    await ctx.db.transaction(async (tx) => {
      if (!(await storeGeocodeResult(tx, next.id, result))) return;
      await countImportProgress(tx, jobId, result !== null);
    });
  }
  await finishImportJob(ctx.db, jobId);
}

/** Picks up the jobs a stopped process left running. */
export async function resumeImportJobs(ctx: AppContext): Promise<void> {
  for (const jobId of await runningImportJobIds(ctx.db)) void startImportJob(ctx, jobId);
}
