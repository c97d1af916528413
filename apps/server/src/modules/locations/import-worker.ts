/**
 * Background geocoding of uploaded locations (docs/product.md#locations: seconds per address).
 * Rows are stored at upload as 'pending' and the upload sends one job to the
 * 'location-geocoding' queue. A job claims one row at a time for a lease (one
 * conditional statement, `FOR UPDATE SKIP LOCKED`), geocodes it and counts
 * progress on the import. Every row update is conditional on 'pending', so
 * a row is never counted twice, however many jobs of one upload run.
 *
 * A provider that cannot answer (timeout, HTTP 5xx, quota) leaves the row
 * pending with a retry time (GEOCODER_RETRY_DELAY_SECONDS, doubling up to
 * GEOCODER_RETRY_MAX_DELAY_SECONDS); after GEOCODER_RETRY_LIMIT retries it
 * ends as 'geocoder_failed', never as "not found". A job works for a slice
 * of time at most; then, and when only rows waiting for their retry are
 * left, it ends by sending the upload's next job, due when the next row is.
 * An upload has one job waiting at most (sendImportJob looks first); two
 * jobs of one upload running at once (in two processes) share its rows.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { geocodeLimitMs } from '../../platform/config/config.js';
import type { GeocodingSettings } from '../../platform/config/config-geocoding.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import { defineJob } from '../../platform/define-job.js';
import { recordWebhookEvents } from '../webhooks/index.js';
import { geocodeOutcome, type GeocodeDeps } from './geocode.js';
import {
  claimNextPendingLocation,
  countImportProgress,
  deferGeocoding,
  finishImportJob,
  importRecentlyClaimed,
  runningImportJobIds,
  secondsUntilClaimable,
  storeGeocodeResult,
} from './queries.js';
import type { LocationRow } from './view.js';

/** How long a claimed row is its worker's: ten times what one geocoding call may take. */
export const claimLeaseMs = (config: GeocodingConfig): number => 10 * geocodeLimitMs(config);

/** The geocoding settings (config.geocoding): the provider's limits and the retries. */
export type GeocodingConfig = { geocoding: GeocodingSettings };

/**
 * What the background geocoding uses. The application's context has these
 * fields under these names: the jobs hand it over as it is.
 */
export interface ImportWorkerDeps extends GeocodeDeps {
  db: Db;
  jobs: JobQueue;
  config: GeocodingConfig;
}

export const LOCATION_GEOCODING_QUEUE = 'location-geocoding';

/**
 * How long one job works before it hands the rest to the upload's next job:
 * a job of a process that was killed comes back after its expiry, so the
 * expiry stays short however long an upload takes.
 */
const SLICE_MS = 2 * 60_000;
const EXPIRE_SECONDS = 15 * 60;

/**
 * Queues the geocoding of an upload's rows on `db` (the upload's transaction),
 * `startAfterSeconds` from now. Nothing is sent when the upload has a job
 * waiting already: that one goes on with it.
 */
export async function sendImportJob(
  jobs: JobQueue,
  db: DbOrTx,
  { importJobId, startAfterSeconds = 0 }: { importJobId: string; startAfterSeconds?: number },
): Promise<void> {
  if (await jobs.hasWaiting(db, LOCATION_GEOCODING_QUEUE, { importJobId })) return;
  await jobs.send(db, {
    name: LOCATION_GEOCODING_QUEUE,
    data: { importJobId },
    startAfterSeconds,
  });
}

/** Seconds before a row's next attempt after `failures` failed ones (1 or more). */
export function retryDelaySeconds(config: GeocodingConfig, failures: number): number {
  const { retryDelaySeconds: base, retryMaxDelaySeconds: max } = config.geocoding;
  return Math.min(max, base * 2 ** Math.min(failures - 1, 30));
}

export const locationGeocodingJob = defineJob<{ importJobId: string }>({
  name: LOCATION_GEOCODING_QUEUE,
  queue: () => ({
    // Not 'stately' by upload: pg-boss 10 refuses to start a job whose key runs already,
    // and that job, first in line, would hold up every other upload's job behind it.
    policy: 'standard',
    // A failed job (a database error, an expired run) is retried; its rows stay as they were.
    retryLimit: 10,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: EXPIRE_SECONDS,
  }),
  concurrency: 2,
  run: (ctx, { importJobId }) => processImportJob(ctx, importJobId),
});

const RESUME_QUEUE = 'location-geocoding-resume';

/**
 * Makes sure every running upload has its job: uploads from before the job
 * queue have none, and neither has one whose job ended as failed. Runs
 * shortly after every start; answers how many uploads got a job sent.
 */
export async function resumeImportJobs(deps: ImportWorkerDeps): Promise<number> {
  let sent = 0;
  let skipped = 0;
  for (const importJobId of await runningImportJobIds(deps.db)) {
    // A row claimed lately: a job of the upload is working on it (in
    // another process), or was until its process was killed, and comes back
    // after its expiry; such an upload is looked at again once that expiry
    // has passed, rather than given a second job now.
    if (await importRecentlyClaimed(deps.db, importJobId, EXPIRE_SECONDS)) {
      skipped += 1;
      continue;
    }
    // Nothing is sent when the upload has a job waiting.
    await sendImportJob(deps.jobs, deps.db, { importJobId });
    sent += 1;
  }
  if (skipped > 0) {
    await deps.jobs.send(deps.db, {
      name: RESUME_QUEUE,
      data: {},
      startAfterSeconds: EXPIRE_SECONDS,
    });
  }
  return sent;
}

export const locationImportResumeJob = defineJob({
  name: RESUME_QUEUE,
  pollSeconds: 30, // after a start, and again when an upload's job was under way
  queue: () => ({
    policy: 'stately',
    retryLimit: 3,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 300,
  }),
  atStart: true,
  run: async (ctx) => {
    await resumeImportJobs(ctx);
  },
});

/**
 * One job's work on an upload: due rows one at a time until none is left,
 * the slice is over or the process stops; then the upload's next job, or
 * the upload is done.
 */
export async function processImportJob(deps: ImportWorkerDeps, importJobId: string): Promise<void> {
  // A second job of an upload this process works on already ends at once: the first one
  // goes on with the upload (and sends its next job), and the worker is free for others.
  const working = uploadsAtWork.get(deps.jobs) ?? new Set<string>();
  uploadsAtWork.set(deps.jobs, working);
  if (working.has(importJobId)) return;
  working.add(importJobId);
  try {
    await workOnUpload(deps, importJobId);
  } finally {
    working.delete(importJobId);
  }
}

/** The uploads the workers of a process (its job queue) are geocoding now. */
const uploadsAtWork = new WeakMap<object, Set<string>>();

async function workOnUpload(deps: ImportWorkerDeps, importJobId: string): Promise<void> {
  const leaseMs = claimLeaseMs(deps.config);
  const sliceEnd = Date.now() + SLICE_MS;
  for (;;) {
    // PGlite answers within the same turn of the event loop, and the offline
    // geocoder needs no I/O: without a turn between two rows, a job of
    // thousands of rows would hold every other request until its end.
    await nextTurn();
    // A stopping process (or a long upload) hands the rest to the upload's next job.
    if (deps.jobs.stopping || Date.now() >= sliceEnd) {
      await sendImportJob(deps.jobs, deps.db, { importJobId, startAfterSeconds: 1 });
      return;
    }
    const next = await claimNextPendingLocation(deps.db, importJobId, leaseMs);
    if (!next) break;
    await geocodeRow(deps, importJobId, next);
  }
  const wait = await secondsUntilClaimable(deps.db, importJobId);
  // Done only when no row waits any more, also none claimed by another worker.
  if (wait === null) await finishUpload(deps.db, importJobId);
  // Rows wait for their retry (or another worker's claim): the next job is due with the first.
  else
    await sendImportJob(deps.jobs, deps.db, {
      importJobId,
      startAfterSeconds: Math.max(1, Math.ceil(wait)),
    });
}

/** The upload is done: its job marked so and, once, its webhook event recorded with it. */
async function finishUpload(db: Db, importJobId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const finished = await finishImportJob(tx, importJobId);
    if (!finished) return;
    await recordWebhookEvents(tx, [
      {
        type: 'location_import.finished',
        merchantId: finished.merchantId,
        data: {
          import_id: finished.id,
          merchant_id: finished.merchantId,
          total: finished.total,
          found: finished.found,
          not_found: finished.notFound,
          geocoder_failed: finished.geocoderFailed,
        },
      },
    ]);
  });
}

async function geocodeRow(
  deps: ImportWorkerDeps,
  importJobId: string,
  row: LocationRow,
): Promise<void> {
  const outcome = await geocodeOutcome(deps, row, 'background');
  await deps.db.transaction(async (tx) => {
    if (outcome.kind === 'unavailable') {
      const failures = row.geocodeAttempts + 1;
      const final = failures > deps.config.geocoding.retryLimit;
      const deferred = await deferGeocoding(tx, row.id, {
        final,
        delaySeconds: retryDelaySeconds(deps.config, failures),
      });
      if (deferred && final) await countImportProgress(tx, importJobId, 'geocoder_failed');
      return;
    }
    const result = outcome.kind === 'found' ? outcome.result : null;
    if (!(await storeGeocodeResult(tx, row.id, result))) return;
    await countImportProgress(tx, importJobId, result ? 'found' : 'not_found');
  });
}
