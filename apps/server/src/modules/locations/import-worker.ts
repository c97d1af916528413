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
import type { DbOrTx } from '../../db/client.js';
import { defineJob } from '../../jobs/definition.js';
import { geocodeLocation } from './geocode.js';
import {
  claimNextPendingLocation,
  countImportProgress,
  finishImportJob,
  storeGeocodeResult,
} from './queries.js';

/** How long a claimed row is its worker's: ten times what one geocoding call may take. */
export const claimLeaseMs = (config: Config): number => 10 * geocodeLimitMs(config);

export const LOCATION_GEOCODING_QUEUE = 'location-geocoding';

/** Queues the geocoding of an upload's rows on `db` (the upload's transaction). */
export async function sendImportJob(
  ctx: AppContext,
  db: DbOrTx,
  importJobId: string,
): Promise<void> {
  await ctx.jobs.send(db, LOCATION_GEOCODING_QUEUE, { importJobId });
}

/**
 * One job per upload geocodes its rows; a job whose process died is taken
 * again after its expiry, and goes on with the rows not yet geocoded.
 */
export const locationGeocodingJob = defineJob<{ importJobId: string }>({
  name: LOCATION_GEOCODING_QUEUE,
  queue: () => ({
    policy: 'standard',
    retryLimit: 10,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 4 * 3600,
  }),
  concurrency: 2,
  run: (ctx, { importJobId }) => processJob(ctx, importJobId, claimLeaseMs(ctx.config)),
});

async function processJob(ctx: AppContext, jobId: string, leaseMs: number): Promise<void> {
  for (;;) {
    // PGlite answers within the same turn of the event loop, and the offline
    // geocoder needs no I/O: without a turn between two rows, a job of
    // thousands of rows would hold every other request until its end.
    await nextTurn();
    // A stopping process hands the rest of the upload to the queue: another job goes on with it.
    if (ctx.jobs.stopping) {
      await sendImportJob(ctx, ctx.db, jobId);
      return;
    }
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
