/**
 * What the metrics (metrics.ts) offer the modules, and what they read at
 * each scrape: shared by the switched-off metrics and prom-client's
 * (prometheus.ts), which is loaded only when metrics are on.
 */
import type { TIngestResponse } from '@backoffice/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import type { QueueCounts } from '../jobs/queue.js';

/** Why a sign-in failed: the closed set of the `reason` label. */
export const SIGN_IN_FAILURE_REASONS = ['password', 'limited', 'second_factor'] as const;
export type SignInFailureReason = (typeof SIGN_IN_FAILURE_REASONS)[number];

/** An answered request: the route's pattern (undefined: no route matched), method, status and seconds taken. */
export interface AnsweredRequest {
  route: string | undefined;
  method: string;
  status: number;
  seconds: number;
}

export interface Metrics {
  /** Whether /metrics is served (and anything counted). */
  readonly enabled: boolean;
  /** Every series in Prometheus's text format, with its content type. */
  scrape(): Promise<{ contentType: string; text: string }>;
  requestDone(request: AnsweredRequest): void;
  signInFailed(reason: SignInFailureReason): void;
  /** A mail handed to the SMTP server (or written to the outbox folder). */
  mailSent(): void;
  /** An attempt to send a mail that failed (it is retried). */
  mailFailed(): void;
  /** The answer of an ingest request: its events accepted, duplicates and refused ones by reason. */
  ingested(answer: TIngestResponse): void;
  /** A failed attempt of a job of this process. */
  jobFailed(queue: string): void;
}

/** What the metrics read at each scrape. */
export interface MetricsSources {
  database: Pick<Database, 'usage'>;
  /** The numbers of the product's job queues (read from the database, so cached briefly). */
  jobCounts: () => Promise<QueueCounts[]>;
  log: FastifyBaseLogger;
}
