/** Data access of a merchant's locations and their CSV import jobs. */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  notExists,
  or,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import type { GeocodeResult } from '../../platform/geocoding/geocoder.js';
import { locationImportJobs, locations } from '../../platform/db/schema.js';
import { atVersion, nextVersion } from '../../platform/db/versions.js';
import type { ImportJobRow, ImportRetries, LocationRow } from './view.js';

type LocationInsert = typeof locations.$inferInsert;
type ImportJobInsert = typeof locationImportJobs.$inferInsert;

/** The merchant's locations by name. */
export function listLocations(db: DbOrTx, merchantId: string): Promise<LocationRow[]> {
  return db
    .select()
    .from(locations)
    .where(eq(locations.merchantId, merchantId))
    .orderBy(asc(locations.name), asc(locations.id));
}

/** The merchant's newest import job, if any. */
export async function latestImportJob(
  db: DbOrTx,
  merchantId: string,
): Promise<ImportJobRow | undefined> {
  const [job] = await db
    .select()
    .from(locationImportJobs)
    .where(eq(locationImportJobs.merchantId, merchantId))
    .orderBy(desc(locationImportJobs.createdAt))
    .limit(1);
  return job;
}

export async function findLocation(
  db: DbOrTx,
  merchantId: string,
  locationId: string,
): Promise<LocationRow | undefined> {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.merchantId, merchantId)));
  return row;
}

/** The merchant's location, locked until the transaction ends; undefined when there is none. */
export async function lockLocation(
  tx: DbOrTx,
  merchantId: string,
  locationId: string,
): Promise<LocationRow | undefined> {
  const [row] = await tx
    .select()
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.merchantId, merchantId)))
    .for('update');
  return row;
}

/**
 * Sets the given columns, the update time and the next version; undefined
 * when not the merchant's location, or no longer at `expectedVersion`.
 */
export async function updateLocation(
  db: DbOrTx,
  { merchantId, locationId }: { merchantId: string; locationId: string },
  {
    version: expectedVersion,
    values,
  }: { version: number | undefined; values: Partial<LocationInsert> },
): Promise<LocationRow | undefined> {
  const [row] = await db
    .update(locations)
    .set({ ...values, version: nextVersion(locations.version), updatedAt: sql`now()` })
    .where(
      and(
        eq(locations.id, locationId),
        eq(locations.merchantId, merchantId),
        atVersion(locations.version, expectedVersion),
      ),
    )
    .returning();
  return row;
}

export async function insertLocation(
  db: DbOrTx,
  values: LocationInsert,
): Promise<LocationRow | undefined> {
  const [row] = await db
    .insert(locations)
    .values({ ...values, updatedAt: sql`now()` })
    .returning();
  return row;
}

/** Deletes the merchant's location; false when there was none. */
export async function removeLocation(
  db: DbOrTx,
  merchantId: string,
  locationId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(locations)
    .where(and(eq(locations.id, locationId), eq(locations.merchantId, merchantId)))
    .returning({ id: locations.id });
  return deleted.length > 0;
}

export async function insertImportJob(db: DbOrTx, values: ImportJobInsert): Promise<ImportJobRow> {
  const [created] = await db.insert(locationImportJobs).values(values).returning();
  if (!created) throw new Error('insert returned no job');
  return created;
}

/**
 * Rows per INSERT: a statement takes at most 65,535 parameters and a
 * location has 19, so a file of CSV_MAX_ROWS lines goes in several
 * statements (of the caller's one transaction).
 */
const LOCATIONS_PER_INSERT = 1000;

export async function insertLocations(db: DbOrTx, rows: LocationInsert[]): Promise<void> {
  for (let start = 0; start < rows.length; start += LOCATIONS_PER_INSERT) {
    await db.insert(locations).values(rows.slice(start, start + LOCATIONS_PER_INSERT));
  }
}

export async function findImportJob(
  db: DbOrTx,
  merchantId: string,
  jobId: string,
): Promise<ImportJobRow | undefined> {
  const [job] = await db
    .select()
    .from(locationImportJobs)
    .where(and(eq(locationImportJobs.id, jobId), eq(locationImportJobs.merchantId, merchantId)));
  return job;
}

/**
 * Claims the job's next location waiting for geocoding (and due: a row whose
 * provider failed waits for its retry time), oldest first, for
 * `leaseMs`: one statement, so no two workers (of any process) claim the same
 * row; a row whose claim has run out (its worker died) is claimed again.
 */
export async function claimNextPendingLocation(
  db: DbOrTx,
  jobId: string,
  leaseMs: number,
): Promise<LocationRow | undefined> {
  const next = db
    .select({ id: locations.id })
    .from(locations)
    .where(
      and(
        eq(locations.importJobId, jobId),
        eq(locations.geocodeStatus, 'pending'),
        or(isNull(locations.geocodeClaimedUntil), lt(locations.geocodeClaimedUntil, sql`now()`)),
        or(isNull(locations.geocodeRetryAt), lte(locations.geocodeRetryAt, sql`now()`)),
      ),
    )
    .orderBy(asc(locations.createdAt), asc(locations.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(locations)
    .set({ geocodeClaimedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(inArray(locations.id, next))
    .returning();
  return claimed;
}

/** Stores a pending location's geocoding result; false when it was no longer pending. */
export async function storeGeocodeResult(
  db: DbOrTx,
  locationId: string,
  result: GeocodeResult | null,
): Promise<boolean> {
  const [updated] = await db
    .update(locations)
    .set({
      geocodeStatus: result ? 'found' : 'not_found',
      lat: result?.lat ?? null,
      lng: result?.lng ?? null,
      ...(result?.formattedAddress ? { formattedAddress: result.formattedAddress } : {}),
      geocodeClaimedUntil: null,
      geocodeRetryAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(locations.id, locationId), eq(locations.geocodeStatus, 'pending')))
    .returning({ id: locations.id });
  return updated !== undefined;
}

/**
 * A pending row whose provider failed: waits `delaySeconds` for its next
 * attempt, or, when `final`, ends as 'geocoder_failed'. False when it was no
 * longer pending (a user saved or deleted it meanwhile).
 */
export async function deferGeocoding(
  db: DbOrTx,
  locationId: string,
  { final, delaySeconds }: { final: boolean; delaySeconds: number },
): Promise<boolean> {
  const [updated] = await db
    .update(locations)
    .set({
      geocodeAttempts: sql`${locations.geocodeAttempts} + 1`,
      ...(final
        ? { geocodeStatus: 'geocoder_failed' as const, geocodeRetryAt: null }
        : { geocodeRetryAt: sql`now() + ${delaySeconds} * interval '1 second'` }),
      geocodeClaimedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(locations.id, locationId), eq(locations.geocodeStatus, 'pending')))
    .returning({ id: locations.id });
  return updated !== undefined;
}

/**
 * Seconds until the job's next pending row may be claimed (0 or less: now;
 * later for rows waiting for a retry or held by another worker's claim);
 * null when no row of the job is pending any more.
 */
export async function secondsUntilClaimable(db: DbOrTx, jobId: string): Promise<number | null> {
  const [row] = await db
    .select({
      seconds: sql<
        string | number | null
      >`extract(epoch from min(greatest(coalesce(${locations.geocodeRetryAt}, now()), coalesce(${locations.geocodeClaimedUntil}, now()))) - now())`,
    })
    .from(locations)
    .where(and(eq(locations.importJobId, jobId), eq(locations.geocodeStatus, 'pending')));
  return row?.seconds === null || row?.seconds === undefined ? null : Number(row.seconds);
}

/**
 * Whether a row of the job has a claim that is or was held within the last
 * `seconds`: a claim stays on its row only while its worker works on it, or
 * when the worker's process died holding it.
 */
export async function importRecentlyClaimed(
  db: DbOrTx,
  jobId: string,
  seconds: number,
): Promise<boolean> {
  const [row] = await db
    .select({ total: count() })
    .from(locations)
    .where(
      and(
        eq(locations.importJobId, jobId),
        gt(locations.geocodeClaimedUntil, sql`now() - ${seconds} * interval '1 second'`),
      ),
    );
  return (row?.total ?? 0) > 0;
}

/** The ids of all imports still running, oldest first. */
export async function runningImportJobIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: locationImportJobs.id })
    .from(locationImportJobs)
    .where(eq(locationImportJobs.status, 'running'))
    .orderBy(asc(locationImportJobs.createdAt));
  return rows.map((row) => row.id);
}

/** The job's rows waiting for another attempt after a provider failure, and the next one's time. */
export async function importRetries(db: DbOrTx, jobId: string): Promise<ImportRetries> {
  const [row] = await db
    .select({
      waiting: count(),
      next: sql<Date | string | null>`min(${locations.geocodeRetryAt})`,
    })
    .from(locations)
    .where(
      and(
        eq(locations.importJobId, jobId),
        eq(locations.geocodeStatus, 'pending'),
        gt(locations.geocodeAttempts, 0),
      ),
    );
  return {
    waiting: row?.waiting ?? 0,
    nextAt: row?.next ? new Date(row.next) : null,
  };
}

/**
 * Counts one row of the job as processed: geocoded (found or not), given up
 * after the provider failed at every attempt, or removed by a user before
 * its turn.
 */
export async function countImportProgress(
  db: DbOrTx,
  jobId: string,
  outcome: 'found' | 'not_found' | 'geocoder_failed' | 'removed',
): Promise<void> {
  await db
    .update(locationImportJobs)
    .set({
      processed: sql`${locationImportJobs.processed} + 1`,
      ...(outcome === 'found' ? { found: sql`${locationImportJobs.found} + 1` } : {}),
      ...(outcome === 'not_found' ? { notFound: sql`${locationImportJobs.notFound} + 1` } : {}),
      ...(outcome === 'geocoder_failed'
        ? { geocoderFailed: sql`${locationImportJobs.geocoderFailed} + 1` }
        : {}),
    })
    .where(eq(locationImportJobs.id, jobId));
}

/** Marks a running job done once none of its locations waits for geocoding; the job if this call did. */
export async function finishImportJob(
  db: DbOrTx,
  jobId: string,
): Promise<typeof locationImportJobs.$inferSelect | undefined> {
  const waiting = db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.importJobId, jobId), eq(locations.geocodeStatus, 'pending')));
  const [finished] = await db
    .update(locationImportJobs)
    .set({ status: 'done', finishedAt: sql`now()` })
    .where(
      and(
        eq(locationImportJobs.id, jobId),
        eq(locationImportJobs.status, 'running'),
        notExists(waiting),
      ),
    )
    .returning();
  return finished;
}
