/**
 * The settings of the background jobs (jobs/queue.ts): how mails are
 * retried, how long finished and failed jobs are kept, when the weekly
 * statistics mail goes out, and how long a stopping process waits for the
 * jobs it is running.
 */
import cronParser from 'cron-parser';
import { z } from 'zod';

/**
 * Whether the queue's scheduler (pg-boss, by cron-parser) takes `cron`: five
 * fields (minute to weekday), six with seconds first, or an alias such as
 * `@weekly`. cron-parser alone also takes fewer fields and reads them
 * differently than an operator meant, so the count is checked first.
 */
export function isCronExpression(cron: string): boolean {
  const text = cron.trim();
  const fields = text.split(/\s+/).length;
  if (!text.startsWith('@') && fields !== 5 && fields !== 6) return false;
  try {
    cronParser.parseExpression(text, { tz: 'UTC' });
    return true;
  } catch {
    return false;
  }
}

export const ZJobsEnv = z.object({
  // 6 retries doubling from 2 minutes: the last one some 2 hours after the first attempt.
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(6),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  MAIL_SEND_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  JOB_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  JOB_FAILED_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  WEEKLY_STATS_MAIL_CRON: z
    .string()
    .trim()
    .refine(isCronExpression, 'a cron expression of five fields, e.g. 0 8 * * 1 (Mondays 08:00)')
    .default('0 8 * * 1'),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
});

type JobsEnv = z.infer<typeof ZJobsEnv>;

export interface JobsSettings {
  mailRetryLimit: number;
  mailRetryDelaySeconds: number;
  /**
   * How long one attempt to send a mail may take before it counts as failed
   * and the mail is tried again (by any process: a killed one's mails too).
   */
  mailSendTimeoutSeconds: number;
  /** Days finished jobs are kept (in pg-boss's archive). */
  retentionDays: number;
  /** Days failed jobs stay on the admin screen, retriable. */
  failedRetentionDays: number;
  /** How often the queue expires overdue jobs and archives finished ones. */
  maintenanceIntervalSeconds: number;
  /** Cron expression (in TIME_ZONE) of the weekly statistics mail. */
  weeklyStatsMailCron: string;
  /** How long a stopping process waits for the jobs it runs before handing them back. */
  shutdownTimeoutSeconds: number;
}

export const jobsSettings = (e: JobsEnv): JobsSettings => ({
  mailRetryLimit: e.MAIL_RETRY_LIMIT,
  mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
  mailSendTimeoutSeconds: e.MAIL_SEND_TIMEOUT_SECONDS,
  retentionDays: e.JOB_RETENTION_DAYS,
  failedRetentionDays: e.JOB_FAILED_RETENTION_DAYS,
  maintenanceIntervalSeconds: e.JOB_MAINTENANCE_SECONDS,
  weeklyStatsMailCron: e.WEEKLY_STATS_MAIL_CRON,
  shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
});
