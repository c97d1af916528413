/**
 * The series of a server process on a registry of its own (prom-client):
 * requests by route pattern, method and status; the process (event-loop
 * lag, heap, RSS, GC: prom-client's default metrics); the database's
 * connections; the job queues; ingest, mail and sign-in outcomes. Every
 * label has a closed set of values: route patterns, never URLs, and no ids
 * or addresses. The series and what to alert on: docs/operations.md,
 * "Metrics".
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { JOB_QUEUES, isMessageKey } from '@backoffice/domain';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { QueueCounts } from '../jobs/queue.js';
import { RequestSeries } from './request-series.js';
import {
  SIGN_IN_FAILURE_REASONS,
  type Metrics,
  type MetricsSources,
  type SignInFailureReason,
} from './types.js';

/** The prefix of the product's own series (the process's keep prom-client's standard names). */
const PREFIX = 'backoffice_';

/** The route label of requests no route matched (unknown paths, the web app's pages). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Request durations in seconds: fine below the 200 ms target, coarse above. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2.5, 5, 10, 30];

/** The methods a request is counted under; any other is OTHER. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** How long the job queues' numbers are reused: scrapes (several Prometheus servers) cost one query. */
export const JOB_COUNTS_MAX_AGE_MS = 10_000;
/** Longest a scrape waits for fresh numbers before it answers the previous ones. */
const JOB_COUNTS_WAIT_MS = 2_000;

const JOB_STATES = ['waiting', 'running', 'failed'] as const;

export function createPrometheusMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new RequestSeries({
    registry,
    countName: `${PREFIX}http_requests_total`,
    durationName: `${PREFIX}http_request_duration_seconds`,
    buckets: DURATION_BUCKETS,
  });

  const { database } = sources;
  const connections = new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'Database connections open, by state: in_use (a statement or transaction runs) or idle; the embedded database has one',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const usage = database.usage();
      connections.set({ state: 'in_use' }, usage.inUse);
      connections.set({ state: 'idle' }, usage.open - usage.inUse);
    },
  });
  const waiting = new Gauge({
    name: `${PREFIX}db_pool_waiting`,
    help: 'Requests waiting for a database connection (the embedded database: statements and transactions in its queue)',
    registers,
    collect() {
      waiting.set(database.usage().waiting);
    },
  });
  const maxConnections = new Gauge({
    name: `${PREFIX}db_pool_max_connections`,
    help: 'Most database connections the process opens (the embedded database: 1)',
    registers,
    collect() {
      maxConnections.set(database.usage().max);
    },
  });

  const readJobCounts = jobCountsReader(sources);
  const jobs = new Gauge({
    name: `${PREFIX}job_queue_jobs`,
    help: `Jobs of each queue in the database (all processes) by state: waiting (new or waiting for a retry), running, failed (out of attempts); read at most every ${JOB_COUNTS_MAX_AGE_MS / 1000} s`,
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      const counts = await readJobCounts();
      if (!counts) return;
      const byName = new Map(counts.map((row) => [row.name, row]));
      for (const queue of JOB_QUEUES) {
        const row = byName.get(queue);
        for (const state of JOB_STATES) jobs.set({ queue, state }, row?.[state] ?? 0);
      }
    },
  });
  const jobFailures = new Counter({
    name: `${PREFIX}job_failures_total`,
    help: 'Failed attempts of jobs this process ran, by queue (each retry that fails counts)',
    labelNames: ['queue'] as const,
    registers,
  });
  for (const queue of JOB_QUEUES) jobFailures.inc({ queue }, 0);

  const ingest = new Counter({
    name: `${PREFIX}ingest_events_total`,
    help: "The consumer app's events by outcome: accepted (stored), duplicate, refused (with the reason, a message key)",
    labelNames: ['outcome', 'reason'] as const,
    registers,
  });
  ingest.inc({ outcome: 'accepted' }, 0);
  ingest.inc({ outcome: 'duplicate' }, 0);

  const mailsSent = new Counter({
    name: `${PREFIX}mails_sent_total`,
    help: 'Mails handed to the SMTP server (or written to the outbox folder)',
    registers,
  });
  const mailFailures = new Counter({
    name: `${PREFIX}mail_send_failures_total`,
    help: 'Attempts to send a mail that failed (refused or unreachable SMTP server); each is retried',
    registers,
  });

  const signInFailures = new Counter({
    name: `${PREFIX}signin_failures_total`,
    help: 'Failed sign-ins by reason: password (wrong password or unknown account), limited (too many attempts of the address or account), second_factor (wrong code)',
    labelNames: ['reason'] as const,
    registers,
  });
  for (const reason of SIGN_IN_FAILURE_REASONS) signInFailures.inc({ reason }, 0);

  return {
    enabled: true,
    async scrape() {
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
    requestDone({ route, method, status, seconds }) {
      requests.observe({
        route: route ?? UNMATCHED_ROUTE,
        method: METHODS.has(method) ? method : 'OTHER',
        status,
        seconds,
      });
    },
    signInFailed(reason: SignInFailureReason) {
      signInFailures.inc({ reason });
    },
    mailSent() {
      mailsSent.inc();
    },
    mailFailed() {
      mailFailures.inc();
    },
    ingested(answer) {
      if (answer.accepted > 0) ingest.inc({ outcome: 'accepted' }, answer.accepted);
      if (answer.duplicates > 0) ingest.inc({ outcome: 'duplicate' }, answer.duplicates);
      for (const { message } of answer.rejected) {
        // The API's closed list of message keys bounds the label; anything else is `other`.
        ingest.inc({ outcome: 'refused', reason: isMessageKey(message) ? message : 'other' });
      }
    },
    jobFailed(queue) {
      if ((JOB_QUEUES as readonly string[]).includes(queue)) jobFailures.inc({ queue });
    },
  };
}

/**
 * The job queues' numbers, read at most every JOB_COUNTS_MAX_AGE_MS: a
 * scrape waits up to JOB_COUNTS_WAIT_MS for fresh ones, then answers the
 * previous ones (undefined before the first), so that a busy database slows
 * no scrape down. A failed read is logged and answered the same way.
 */
function jobCountsReader(sources: MetricsSources): () => Promise<QueueCounts[] | undefined> {
  let last: { at: number; counts: QueueCounts[] } | undefined;
  let reading: Promise<QueueCounts[] | undefined> | undefined;
  return async () => {
    if (last && performance.now() - last.at < JOB_COUNTS_MAX_AGE_MS) return last.counts;
    reading ??= sources
      .jobCounts()
      .then(
        (counts) => {
          last = { at: performance.now(), counts };
          return counts;
        },
        (error: unknown) => {
          sources.log.warn({ err: error }, 'metrics: the job queues could not be read');
          return last?.counts;
        },
      )
      .finally(() => {
        reading = undefined;
      });
    const timeout = new AbortController();
    try {
      return await Promise.race([
        reading,
        sleep(JOB_COUNTS_WAIT_MS, undefined, { signal: timeout.signal }).then(
          () => last?.counts,
          () => undefined,
        ),
      ]);
    } finally {
      timeout.abort();
    }
  };
}
