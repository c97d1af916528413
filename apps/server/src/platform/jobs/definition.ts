/**
 * What a background job is: a queue of its own in the job queue (jobs/queue.ts),
 * how its jobs are retried, and the work one job does. Each module defines
 * its jobs beside the work they run; background-jobs.ts lists them all.
 */
import type { Config } from '../config/config.js';
import type { DbOrTx } from '../db/client.js';

/** How the queue treats a job: retries, expiry, and how many of it may wait or run at once. */
export interface QueuePolicy {
  /**
   * pg-boss's queue policy: 'standard' (any number), 'stately' (at most one
   * waiting and one running: the recurring jobs), 'singleton' (one running).
   */
  policy: 'standard' | 'stately' | 'singleton';
  /** Attempts after the first before the job stays failed (a dead letter, shown to admins). */
  retryLimit: number;
  /** Seconds before the first retry; doubled for each further one when `retryBackoff`. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /**
   * How long one attempt may run before it counts as failed and another
   * process may take the job (a killed process's jobs come back after it).
   */
  expireInSeconds: number;
}

/**
 * What the queue needs of the context it hands to the jobs (the application's
 * context, AppContext: define-job.ts binds it for the modules' jobs).
 */
export interface JobContext {
  db: DbOrTx;
}

/** One job's context besides the application's: its id (stable across retries) and attempt. */
export interface JobRun {
  id: string;
  /** 0 for the first attempt. */
  retryCount: number;
}

export interface JobDefinition<Data extends object = object, Ctx extends JobContext = JobContext> {
  /** The queue's name: lower case with dashes, shown on the admin screen. */
  name: string;
  queue: (config: Config) => QueuePolicy;
  /** The work of one job; a thrown error fails the attempt (retried as `queue` says). */
  run(ctx: Ctx, data: Data, job: JobRun): Promise<void>;
  /**
   * A recurring job: one run every this many seconds across all processes
   * (0: not in this process; the tests' scheduler interval of 0).
   */
  everySeconds?: (config: Config) => number;
  /**
   * A job at fixed times: a cron expression in the configured time zone
   * (undefined: not scheduled, and an existing schedule is removed).
   */
  cron?: (config: Config) => string | undefined;
  /** Jobs of this queue one process works on at a time (default 1). */
  concurrency?: number;
  /**
   * Seconds a due job may wait for an idle process to look for it (default
   * 1: someone waits on it, a mail or an import's progress). Every look is a
   * statement on the database, on the embedded one a turn of the server's own
   * thread: work nobody waits for (hourly, weekly, at start) looks less often.
   */
  pollSeconds?: number;
  /** Also runs once shortly after every start (a refresh after a release, a resumption). */
  atStart?: boolean;
}

/**
 * Erases the data and context types of a definition, so that different jobs
 * stand in one list: the queue hands every job the application's context,
 * which has all that any job's `Ctx` asks for (the kernel's jobs ask for a
 * part of it, the modules' for all of it: ../define-job.ts).
 */
export const eraseJob = <Data extends object, Ctx extends JobContext>(
  definition: JobDefinition<Data, Ctx>,
): JobDefinition => definition;
