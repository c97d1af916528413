/**
 * The admins' view of the background jobs: each queue's numbers, the failed
 * jobs (dead letters) with their last error, and the answer of a retry.
 * A failed job travels without its data: a mail job carries the mail, and
 * invitation mails carry registration links.
 */
import { z } from 'zod';

/** The product's job queues, in the order the admin screen lists them. */
export const JOB_QUEUES = [
  'mail',
  'campaign-scheduler',
  'winner-draws',
  'statistics-fold',
  'event-retention',
  'event-partitions',
  'validation-refresh',
  'location-geocoding',
  'location-geocoding-resume',
  'weekly-statistics',
  'password-reset',
  'webhook-dispatch',
  'webhook-delivery',
  'idempotency-cleanup',
  'image-removal',
] as const;
export type JobQueueName = (typeof JOB_QUEUES)[number];

/** The failed jobs one answer lists at most (the newest); each queue's count says how many there are. */
export const FAILED_JOBS_LIMIT = 100;

export const ZJobQueueCounts = z.object({
  name: z.string(),
  /** New, or failed once and waiting for a retry. */
  waiting: z.number().int(),
  running: z.number().int(),
  /** Out of attempts: waiting for an admin's retry (or the retention). */
  failed: z.number().int(),
  completed_last_24h: z.number().int(),
});
export type TJobQueueCounts = z.infer<typeof ZJobQueueCounts>;

export const ZFailedJob = z.object({
  id: z.string(),
  queue: z.string(),
  /** The last attempt's error message (never the job's data). */
  error: z.string(),
  /** Attempts made: the first and its retries. */
  attempts: z.number().int(),
  created_at: z.string(),
  failed_at: z.string(),
});
export type TFailedJob = z.infer<typeof ZFailedJob>;

export const ZJobsOverview = z.object({
  queues: z.array(ZJobQueueCounts),
  /** The newest failed jobs of every queue, at most FAILED_JOBS_LIMIT. */
  failed: z.array(ZFailedJob),
});
export type TJobsOverview = z.infer<typeof ZJobsOverview>;

export const ZJobRetryResult = z.object({
  /** Failed jobs put back to run. */
  retried: z.number().int(),
});
export type TJobRetryResult = z.infer<typeof ZJobRetryResult>;

export const ZJobQueueParams = z.object({ queue: z.string().min(1).max(100) });
