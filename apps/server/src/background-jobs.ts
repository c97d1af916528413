/**
 * The background work of a server process, in one place: every job of the
 * product (platform/jobs/definition.ts) on the job queue (platform/jobs/queue.ts), started when
 * the app is ready and stopped when it closes (tests close their app, a
 * SIGTERM closes it: shutdown.ts; running jobs get what is left of
 * SHUTDOWN_TIMEOUT_SECONDS after the requests under way, then go back to
 * the queue). Each job runs once across all
 * processes: the queue hands a job to one worker, recurring jobs keep one
 * run waiting at most (docs/operations.md, "Background jobs").
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './platform/context.js';
import type { JobDefinition } from './platform/jobs/definition.js';
import { shutdownTimeLeftMs } from './shutdown.js';
import { passwordResetJob } from './modules/password-reset/service.js';
import { mailJob } from './platform/mail/outbox.js';
import { imageRemovalJob } from './platform/files/image-removal.js';
import { idempotencyCleanupJob } from './platform/idempotency/idempotency.js';
import { webhookDeliveryJob, webhookDispatchJob } from './modules/webhooks/jobs.js';
import { campaignSchedulerJob } from './modules/campaigns/lifecycle.js';
import { validationRefreshJob } from './modules/campaigns/validation-refresh.js';
import { winnerDrawJob } from './modules/draws/service.js';
import { foldPending, statisticsFoldJob, stopFolding } from './modules/ingest/fold.js';
import { retentionJob } from './modules/ingest/privacy.js';
import { eventPartitionsJob } from './modules/ingest/event-partitions.js';
import {
  locationGeocodingJob,
  locationImportResumeJob,
} from './modules/locations/import-worker.js';
import { weeklyStatisticsJob } from './modules/notifications/service.js';

/** Every job of the product. */
export const JOB_DEFINITIONS: readonly JobDefinition[] = [
  mailJob,
  campaignSchedulerJob,
  winnerDrawJob,
  statisticsFoldJob,
  retentionJob,
  eventPartitionsJob,
  validationRefreshJob,
  locationGeocodingJob,
  locationImportResumeJob,
  weeklyStatisticsJob,
  passwordResetJob,
  webhookDispatchJob,
  webhookDeliveryJob,
  idempotencyCleanupJob,
  imageRemovalJob,
];

export function registerBackgroundJobs(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onReady', async () => {
    // Statistics a stopped process appended but did not fold yet are counted now.
    await foldPending(ctx.db);
    await ctx.jobs.start(ctx, JOB_DEFINITIONS);
  });
  app.addHook('onClose', async () => {
    await ctx.jobs.stop(shutdownTimeLeftMs(ctx.config.jobs.shutdownTimeoutSeconds * 1000));
    await stopFolding(ctx.db);
  });
}
