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
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { FailedJob } from '../../platform/jobs/queue.js';

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

export async function jobsOverview(ctx: AppContext, user: UserRow): Promise<TJobsOverview> {
  requireAdmin(user);
  const [queues, failed] = await Promise.all([
    ctx.jobs.counts(ctx.db),
    ctx.jobs.failed(ctx.db, FAILED_JOBS_LIMIT),
  ]);
  return {
    queues: queues
      .map(({ completedLast24h, ...counts }) => ({
        ...counts,
        completed_last_24h: completedLast24h,
      }))
      .sort((a, b) => queueOrder(a.name) - queueOrder(b.name)),
    // A queue a former release had is no queue of the product: none of its jobs can run again.
    failed: failed.filter((job) => ctx.jobs.has(job.queue)).map(toFailedJob),
  };
}

/**
 * Puts the failed jobs of a queue back to run: all of them, or the one with
 * `id`. 404 `not_found` for a queue the product does not have; 404
 * `job_not_failed` for a job of the queue that is not failed (any more:
 * another admin retried it, or it never failed).
 */
export async function retryJobs(
  ctx: AppContext,
  user: UserRow,
  queue: string,
  id?: string,
): Promise<TJobRetryResult> {
  requireAdmin(user);
  if (!ctx.jobs.has(queue)) throw notFound();
  const retried = await ctx.jobs.retry(ctx.db, queue, id === undefined ? undefined : [id]);
  if (id !== undefined && retried === 0) throw new AppError(404, 'job_not_failed');
  return { retried };
}
