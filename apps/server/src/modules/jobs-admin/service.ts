/**
 * The background jobs, for admins: each queue's numbers, the failed jobs
 * (out of attempts) with their last error, and putting failed jobs back to
 * run. A failed job is shown by its error message alone, never its data (a
 * mail job carries the mail, an invitation its registration link).
 */
import {
  FAILED_JOBS_LIMIT,
  JOB_QUEUES,
  type TFailedJob,
  type TJobRetryResult,
  type TJobsOverview,
} from '@backoffice/domain';
import { requireAdmin } from '../../platform/access/admin.js';
import type { UserRow } from '../../platform/users/users.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { FailedJob, JobQueue } from '../../platform/jobs/queue.js';

/** What the jobs screen uses of the application (built in services.ts): the queue and its database. */
export interface JobsAdminDeps {
  db: Db;
  jobs: JobQueue;
}

/** The domain's order (mails first); a queue it does not name goes last. */
const queueOrder = (name: string): number => {
  const index = (JOB_QUEUES as readonly string[]).indexOf(name);
  return index === -1 ? JOB_QUEUES.length : index;
};

const toFailedJob = (job: FailedJob): TFailedJob => ({
  id: job.id,
  queue: job.queue,
  error: job.error,
  attempts: job.attempts,
  created_at: job.createdAt.toISOString(),
  failed_at: job.failedAt.toISOString(),
});

async function jobsOverview({ db, jobs }: JobsAdminDeps, user: UserRow): Promise<TJobsOverview> {
  requireAdmin(user);
  const [queues, failed] = await Promise.all([jobs.counts(db), jobs.failed(db, FAILED_JOBS_LIMIT)]);
  return {
    queues: queues
      .map(({ completedLast24h, ...counts }) => ({
        ...counts,
        completed_last_24h: completedLast24h,
      }))
      .sort((a, b) => queueOrder(a.name) - queueOrder(b.name)),
    // A queue a former release had is no queue of the product: none of its jobs can run again.
    failed: failed.filter((job) => jobs.has(job.queue)).map(toFailedJob),
  };
}

/**
 * Puts the failed jobs of a queue back to run: all of them, or the one with
 * `id`. 404 `not_found` for a queue the product does not have; 404
 * `job_not_failed` for a job of the queue that is not failed (any more:
 * another admin retried it, or it never failed).
 */
async function retryJobs(
  { db, jobs }: JobsAdminDeps,
  user: UserRow,
  { queue, id }: { queue: string; id?: string },
): Promise<TJobRetryResult> {
  requireAdmin(user);
  if (!jobs.has(queue)) throw notFound();
  const retried = await jobs.retry(db, queue, id === undefined ? undefined : [id]);
  if (id !== undefined && retried === 0) throw new AppError(404, 'job_not_failed');
  return { retried };
}

/** The jobs screen's use cases, as the routes call them (built once in services.ts). */
export function createJobsAdminService(deps: JobsAdminDeps) {
  return {
    overview: (user: UserRow) => jobsOverview(deps, user),
    retry: (user: UserRow, jobs: { queue: string; id?: string }) => retryJobs(deps, user, jobs),
  };
}

export type JobsAdminService = ReturnType<typeof createJobsAdminService>;
