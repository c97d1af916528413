/**
 * The outbox: a mail is a job of the 'mail' queue, sent in the transaction
 * of the change that causes it, so that a committed change always gets its
 * mail and a rolled-back one never does. A worker hands it to the mailer
 * and, when the SMTP server refuses or cannot be reached, tries again with
 * growing pauses (MAIL_RETRY_LIMIT, MAIL_RETRY_DELAY_SECONDS); out of
 * attempts, the job stays failed for an admin to see and retry.
 *
 * Delivery is at least once: a worker that dies after the SMTP server took
 * the mail and before the job is marked done sends it again. Both copies
 * carry the same Message-ID (the job's id), by which receiving systems
 * recognise the second one (docs/operations.md, "Mails").
 */
import type { DbOrTx } from '../db/client.js';
import { eraseJob, type JobContext } from '../jobs/definition.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Metrics } from '../metrics/types.js';
import type { MailMessage, Mailer } from './mailer.js';

export const MAIL_QUEUE = 'mail';

/** What putting a mail into the outbox needs of the application's context (AppContext). */
export interface OutboxContext {
  jobs: JobQueue;
}

/** What sending one needs of it. */
interface MailJobContext extends JobContext {
  mailer: Mailer;
  metrics: Metrics;
}

/** Puts a mail into the outbox on `db` (the change's transaction). */
export async function enqueueMail(
  ctx: OutboxContext,
  db: DbOrTx,
  message: MailMessage,
): Promise<void> {
  await ctx.jobs.send(db, { name: MAIL_QUEUE, data: message });
}

export const mailJob = eraseJob<MailMessage, MailJobContext>({
  name: MAIL_QUEUE,
  queue: ({ jobs }) => ({
    policy: 'standard',
    retryLimit: jobs.mailRetryLimit,
    retryDelaySeconds: jobs.mailRetryDelaySeconds,
    retryBackoff: true,
    // An SMTP conversation that takes longer has hung (or its process died); the mail is tried again.
    expireInSeconds: jobs.mailSendTimeoutSeconds,
  }),
  concurrency: 2,
  async run(ctx, message, job) {
    try {
      await ctx.mailer.send({ ...message, id: job.id });
    } catch (error) {
      ctx.metrics.mailFailed();
      throw error;
    }
    ctx.metrics.mailSent();
  },
});
