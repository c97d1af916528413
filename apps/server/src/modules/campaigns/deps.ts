/**
 * What the campaigns module uses of the application: built once from the
 * application's context (create-service.ts), each function taking the part
 * it needs.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { FileStorage } from '../../platform/files/storage.js';
import type { JobQueue } from '../../platform/jobs/queue.js';

export interface CampaignDeps {
  db: Db;
  /** Campaign image files. */
  files: FileStorage;
  /** The mail outbox (status mails). */
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** Base of the campaigns' preview links (config.web.frontendUrl). */
  frontendUrl: string;
  /** Named in the status mails (config.web.appName). */
  appName: string;
  /** Delay before an agency's or admin's submission is approved (config.campaigns). */
  agencyAutoApproveSeconds: number;
  /** Largest image accepted, in pixels (config.files.imageMaxPixels). */
  imageMaxPixels: number;
}

/** Status changes and their mails: the scheduler, the review and the tests use this part. */
export type StatusMailDeps = Pick<CampaignDeps, 'jobs' | 'appName'>;
