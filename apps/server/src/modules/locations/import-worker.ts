/**
 * Background geocoding of uploaded locations (spec §9: seconds per address).
 * Rows are stored at upload as 'pending'; the worker geocodes them one by
 * one and counts progress on the job. Every row update is conditional on
 * 'pending', so a second worker on the same job (another process, a restart)
 * never counts a row twice.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { locationImportJobs, locations } from '../../db/schema.js';
import { geocodeLocation } from './geocode.js';

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
    const [next] = await ctx.db
      .select()
      .from(locations)
      .where(and(eq(locations.importJobId, jobId), eq(locations.geocodeStatus, 'pending')))
      .orderBy(asc(locations.createdAt), asc(locations.id))
      .limit(1);
    if (!next) break;
    const result = await geocodeLocation(ctx, next);
    await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(locations)
        .set({
          geocodeStatus: result ? 'found' : 'not_found',
          lat: result?.lat ?? null,
          lng: result?.lng ?? null,
          ...(result?.formattedAddress ? { formattedAddress: result.formattedAddress } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(locations.id, next.id), eq(locations.geocodeStatus, 'pending')))
        .returning({ id: locations.id });
      if (!updated) return;
      await tx
        .update(locationImportJobs)
        .set({
          processed: sql`${locationImportJobs.processed} + 1`,
          ...(result
            ? { found: sql`${locationImportJobs.found} + 1` }
            : { notFound: sql`${locationImportJobs.notFound} + 1` }),
        })
        .where(eq(locationImportJobs.id, jobId));
    });
  }
  await ctx.db
    .update(locationImportJobs)
    .set({ status: 'done', finishedAt: sql`now()` })
    .where(and(eq(locationImportJobs.id, jobId), eq(locationImportJobs.status, 'running')));
}

/** Picks up the jobs a stopped process left running. */
export async function resumeImportJobs(ctx: AppContext): Promise<void> {
  const jobs = await ctx.db
    .select({ id: locationImportJobs.id })
    .from(locationImportJobs)
    .where(eq(locationImportJobs.status, 'running'));
  for (const job of jobs) void startImportJob(ctx, job.id);
}
