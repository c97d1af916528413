/** The webhooks' jobs: the dispatcher (recurring) and one attempt at a delivery. */
import type { AppContext } from '../../platform/context.js';
import { defineJob } from '../../platform/define-job.js';
import { recurringJobPolicy } from '../../platform/jobs/recurring.js';
import {
  WEBHOOK_DELIVERY_QUEUE,
  WEBHOOK_DISPATCH_QUEUE,
  attemptDelivery,
  dispatchWebhookEvents,
  type DeliveryJobData,
  type WebhookDeliveryDeps,
} from './delivery.js';

/** What sending webhooks uses of the application's context. */
export const webhookDeliveryDeps = (ctx: AppContext): WebhookDeliveryDeps => ({
  db: ctx.db,
  jobs: ctx.jobs,
  log: ctx.log,
  settings: ctx.config.webhooks,
  secretsKey: ctx.mfaKey,
  web: {
    appName: ctx.config.web.appName,
    frontendUrl: ctx.config.web.frontendUrl,
    timeZone: ctx.config.web.timeZone,
  },
});

/** Every few seconds across all processes: the waiting events to their endpoints. */
export const webhookDispatchJob = defineJob({
  name: WEBHOOK_DISPATCH_QUEUE,
  queue: recurringJobPolicy,
  everySeconds: (config) => config.webhooks.dispatchIntervalSeconds,
  run: async (ctx) => {
    while ((await dispatchWebhookEvents(ctx)) > 0) {
      // A full batch was taken: more may wait.
    }
  },
});

/**
 * One attempt at one delivery. The queue does not retry it: the attempt
 * records its outcome and queues the next one itself, after the schedule's
 * pause, so that the delivery log can say when.
 */
export const webhookDeliveryJob = defineJob<DeliveryJobData>({
  name: WEBHOOK_DELIVERY_QUEUE,
  queue: (config) => ({
    policy: 'standard',
    retryLimit: 2,
    retryDelaySeconds: 30,
    retryBackoff: true,
    // The receiver's timeout, and time to record the outcome.
    expireInSeconds: Math.ceil(config.webhooks.timeoutMs / 1000) + 60,
  }),
  concurrency: 4,
  run: (ctx, data) => attemptDelivery(webhookDeliveryDeps(ctx), data),
});
