/**
 * The job queue: every piece of background work is a job in pg-boss's tables
 * (schema `pgboss`) in the product's own database, PostgreSQL or the embedded
 * PGlite (docs/operations.md, "Background jobs"). A job is sent in the
 * transaction of the change that causes it (a committed change always gets
 * its job, a rolled-back one never does); workers in every server process
 * take jobs with `FOR UPDATE SKIP LOCKED`, retry failed ones with backoff,
 * and leave those out of attempts as failed (the dead letters an admin sees
 * and retries). Recurring jobs chain themselves through the queue (one
 * waiting and one running at most, the 'stately' policy); jobs at fixed
 * local times are cron schedules. Only this file speaks to pg-boss (its
 * database is queue-database.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Config } from '../config/config.js';
import type { DbOrTx, QueueTarget } from '../db/client.js';
import type { JobContext, JobDefinition, JobRun } from './definition.js';
import { QueueDatabase, QUIET_MS } from './queue-database.js';
import {
  dueOrRunningJobs,
  failedJobs,
  hasWaitingJob,
  queueCounts,
  retryFailedJobs,
  type FailedJob,
  type QueueCounts,
} from './job-tables.js';

export type { FailedJob, QueueCounts } from './job-tables.js';

/** pg-boss's schema in the product's database. */
export const JOB_SCHEMA = 'pgboss';

/** The first run of a recurring job after a start: the start itself (first requests) goes first. */
export const FIRST_RUN_DELAY_SECONDS = 5;

/** Attempts to create or update a queue at start (processes starting at once meet there). */
const QUEUE_SETUP_ATTEMPTS = 5;

/** How often an idle worker asks for a job of its queue, unless its definition says otherwise. */
const POLL_INTERVAL_SECONDS = 1;

/**
 * How often the further workers of a queue that runs several jobs at once
 * look by themselves: they are woken whenever the queue's first worker finds
 * a job (a burst), so an idle queue costs one look per interval, not one per
 * worker; this is for jobs that arrive while the first is busy with a long one.
 */
const FURTHER_WORKERS_POLL_SECONDS = 5;

export interface SendOptions {
  /** Seconds from now before the job may run. */
  startAfterSeconds?: number;
  /** Among jobs of a 'stately' queue: one waiting per key. */
  singletonKey?: string;
}

/** What runs a statement under a drizzle handle: PGlite, its transaction, a pool or a pooled client. */
interface StatementRunner {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * A drizzle handle (the database or an open transaction) as pg-boss's
 * database. pg-boss's statements use one parameter in several places with
 * types PostgreSQL infers from the first, which drizzle's SQL cannot say;
 * they go to the connection under the handle (its session's client: the
 * transaction's own on both drivers) as pg-boss wrote them. The outbox's
 * tests (test/platform/jobs/job-queue.test.ts) prove that a job sent in a transaction
 * lives and dies with it.
 */
function onDrizzle(db: DbOrTx): PgBoss.Db {
  const runner = (db as unknown as { session?: { client?: StatementRunner } }).session?.client;
  if (!runner || typeof runner.query !== 'function') {
    throw new Error('no database connection under this drizzle handle');
  }
  return { executeSql: (text, values) => runner.query(text, values) };
}

export interface JobQueueOptions {
  target: QueueTarget;
  config: Config;
  log: FastifyBaseLogger;
  /** Told of every failed attempt of a job of this process, by its queue (the metrics count them). */
  onJobFailed?: (queue: string) => void;
}

export class JobQueue {
  readonly #boss: PgBoss;
  readonly #database: QueueDatabase;
  readonly #config: Config;
  readonly #log: FastifyBaseLogger;
  readonly #onJobFailed: ((queue: string) => void) | undefined;
  readonly #definitions = new Map<string, JobDefinition>();
  #ctx: JobContext | undefined;
  #started = false;
  #prepared: Promise<void> | undefined;
  #stopping = false;
  /** The jobs this process runs now (ended, whether they succeeded or not). */
  readonly #active = new Set<Promise<void>>();

  constructor({ target, config, log, onJobFailed }: JobQueueOptions) {
    this.#config = config;
    this.#log = log;
    this.#onJobFailed = onJobFailed;
    const jobs = config.jobs;
    this.#database = new QueueDatabase(target, log);
    this.#boss = new PgBoss({
      db: this.#database,
      schema: JOB_SCHEMA,
      // Failed jobs stay in the job table, where admins see and retry them.
      archiveFailedAfterSeconds: jobs.failedRetentionDays * 86_400,
      archiveCompletedAfterSeconds: 3600,
      deleteAfterDays: jobs.retentionDays,
      maintenanceIntervalSeconds: jobs.maintenanceIntervalSeconds,
    });
    this.#boss.on('error', (error) => this.#log.error({ err: error }, 'job queue error'));
  }

  /**
   * The queue's tables and the queues of `definitions`, without workers: what
   * sending a job needs. `start` does it too; work that sends jobs before the
   * process starts its workers (the demo activity of a first start, whose
   * draws mail the winners' merchants) calls it first. Once per process.
   */
  prepare(definitions: readonly JobDefinition[]): Promise<void> {
    this.#prepared ??= (async () => {
      for (const definition of definitions) this.#definitions.set(definition.name, definition);
      await this.#boss.start();
      this.#started = true;
      for (const definition of definitions) await this.#ensureQueue(definition);
    })();
    return this.#prepared;
  }

  /** The queue's tables, the queues of `definitions`, their workers, recurring runs and schedules. */
  async start(ctx: JobContext, definitions: readonly JobDefinition[]): Promise<void> {
    this.#ctx = ctx;
    await this.prepare(definitions);
    for (const definition of definitions) {
      await this.#startWorkers(definition);
      const every = definition.everySeconds?.(this.#config) ?? 0;
      if (every > 0 || definition.atStart) {
        await this.send(ctx.db, {
          name: definition.name,
          data: {},
          startAfterSeconds: Math.min(FIRST_RUN_DELAY_SECONDS, every || FIRST_RUN_DELAY_SECONDS),
        });
      }
      if (definition.cron) {
        const cron = definition.cron(this.#config);
        if (cron) {
          await this.#boss.schedule(definition.name, cron, {}, { tz: this.#config.web.timeZone });
        } else await this.#boss.unschedule(definition.name);
      }
    }
  }

  /**
   * The definition's workers in this process: `concurrency` of them, of which
   * the first looks most often. A worker that found a job looks again as
   * soon as it has run it: pg-boss waits a whole interval after every fetch,
   * so a backlog (a burst of uploads' image removals, of mails) drained at one
   * job per interval; only a look that finds nothing waits.
   */
  async #startWorkers(definition: JobDefinition): Promise<void> {
    const poll = definition.pollSeconds ?? POLL_INTERVAL_SECONDS;
    const further: string[] = [];
    const worker = async (
      pollingIntervalSeconds: number,
      found: (job: PgBoss.Job) => Promise<void>,
    ): Promise<string> => {
      let id = '';
      id = await this.#boss.work<object>(
        definition.name,
        { batchSize: 1, pollingIntervalSeconds },
        ([job]) => {
          if (!job) return Promise.resolve();
          this.#boss.notifyWorker(id);
          return found(job);
        },
      );
      return id;
    };
    for (let i = 1; i < (definition.concurrency ?? 1); i += 1) {
      further.push(
        await worker(Math.max(poll, FURTHER_WORKERS_POLL_SECONDS), (job) =>
          this.#run(definition, job),
        ),
      );
    }
    await worker(poll, (job) => {
      // More may have come with it: the others look now instead of at their interval.
      for (const id of further) this.#boss.notifyWorker(id);
      return this.#run(definition, job);
    });
  }

  /** Creates the queue, or brings an existing one to the definition's policy (a release changed it). */
  async #ensureQueue(definition: JobDefinition): Promise<void> {
    const policy = definition.queue(this.#config);
    const options = {
      name: definition.name,
      policy: policy.policy,
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: policy.retryBackoff,
      expireInSeconds: policy.expireInSeconds,
      // A job waits at most this long for a worker (a queue nobody works on any more).
      retentionDays: 14,
    };
    // Processes starting side by side on a new database create the same queues at once:
    // PostgreSQL refuses one of them (a duplicate, or a deadlock over the new tables),
    // which then finds the queue made by the other, or tries again.
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (await this.#boss.getQueue(definition.name)) {
          await this.#boss.updateQueue(definition.name, options);
        } else {
          await this.#boss.createQueue(definition.name, options);
        }
        return;
      } catch (error) {
        if (attempt >= QUEUE_SETUP_ATTEMPTS) throw error;
        await sleep(100 * attempt + Math.random() * 200);
      }
    }
  }

  /** Runs a job, known to stop() until it has ended. */
  #run(definition: JobDefinition, job: PgBoss.Job): Promise<void> {
    const running = this.#work(definition, job);
    const ended = running.then(
      () => undefined,
      () => undefined,
    );
    this.#active.add(ended);
    void ended.then(() => this.#active.delete(ended));
    return running;
  }

  async #work(definition: JobDefinition, job: PgBoss.Job): Promise<void> {
    const ctx = this.#ctx;
    if (!ctx) throw new Error('job queue not started');
    const every = definition.everySeconds?.(this.#config) ?? 0;
    // The next run is queued before this one works: a process that dies now leaves it to another.
    if (every > 0)
      await this.send(ctx.db, { name: definition.name, data: {}, startAfterSeconds: every });
    if (this.#stopping) {
      // Taken as the process stops: a recurring job leaves the work to its next run, another
      // job fails this attempt and is retried (here after a restart, or by another process).
      if (every > 0) return;
      throw new Error('the process was stopping; the job is retried');
    }
    const run: JobRun = {
      id: job.id,
      retryCount: (job as Partial<PgBoss.JobWithMetadata>).retryCount ?? 0,
    };
    try {
      await definition.run(ctx, job.data, run);
    } catch (error) {
      this.#log.warn({ err: error, queue: definition.name, job: job.id }, 'job failed');
      this.#onJobFailed?.(definition.name);
      throw error;
    }
  }

  /**
   * Sends a job on `db`: in a transaction, the job exists exactly when the
   * transaction commits. Answers the job's id, or null when a 'stately'
   * queue has one waiting already.
   */
  async send(
    db: DbOrTx,
    { name, data, ...options }: { name: string; data: object } & SendOptions,
  ): Promise<string | null> {
    return this.#boss.send(name, data, {
      db: onDrizzle(db),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    });
  }

  /**
   * Runs the jobs of these queues that are due now, in this process, until
   * none is due or running (jobs waiting for a retry later are left): what
   * tests and scripts call to see a job's effect at once. Throws after
   * `timeoutMs`.
   */
  async drain(names: readonly string[], timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let ran = false;
      for (const name of names) {
        const definition = this.#definitions.get(name);
        if (!definition) throw new Error(`no job queue ${name}`);
        const [job] = await this.#boss.fetch<object>(name, { batchSize: 1, includeMetadata: true });
        if (!job) continue;
        ran = true;
        try {
          await this.#run(definition, job);
          await this.#boss.complete(name, job.id);
        } catch (error) {
          await this.#boss.fail(name, job.id, errorOutput(error));
        }
      }
      if (ran) continue;
      const ctx = this.#ctx;
      if (!ctx) throw new Error('job queue not started');
      if ((await dueOrRunningJobs(ctx.db, names)) === 0) return;
      if (Date.now() > deadline)
        throw new Error(`jobs of ${names.join(', ')} still due after ${timeoutMs} ms`);
      await sleep(20);
    }
  }

  /** Whether a job of `name` whose data holds `data` waits to run (new, or for its retry). */
  hasWaiting(db: DbOrTx, name: string, data: object): Promise<boolean> {
    return hasWaitingJob(db, name, data);
  }

  /** The numbers of every queue of the product. */
  async counts(db: DbOrTx): Promise<QueueCounts[]> {
    return (await queueCounts(db)).filter((row) => this.#definitions.has(row.name));
  }

  /** The failed jobs (dead letters), newest first. */
  failed(db: DbOrTx, limit = 100): Promise<FailedJob[]> {
    return failedJobs(db, limit);
  }

  /** Puts failed jobs of a queue back to run (all when no ids are given); answers how many. */
  retry(db: DbOrTx, name: string, ids?: readonly string[]): Promise<number> {
    return retryFailedJobs(db, name, ids);
  }

  /**
   * Whether the process is stopping: a long job (an upload's geocoding)
   * asks between two pieces of work and hands the rest back to the queue.
   */
  get stopping(): boolean {
    return this.#stopping;
  }

  /** Whether `name` is one of the product's queues. */
  has(name: string): boolean {
    return this.#definitions.has(name);
  }

  /**
   * Stops taking jobs and waits up to `timeoutMs` for the ones under way;
   * those still running then are failed, so that they are retried (here or
   * by another process).
   */
  async stop(timeoutMs: number): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    this.#stopping = true;
    const deadline = Date.now() + timeoutMs;
    await this.#boss.stop({ graceful: true, timeout: timeoutMs, wait: true });
    // pg-boss stops waiting at the deadline, misses a job its worker fetched as it stopped, and
    // records a job's end without waiting: the jobs and pg-boss's statements end before the
    // database closes.
    while ((this.#active.size > 0 || !this.#database.quiet) && Date.now() < deadline) {
      await sleep(QUIET_MS / 2);
    }
    await this.#database.close();
  }
}

/** What pg-boss stores as a failed attempt's output: the error's message (and no stack). */
function errorOutput(error: unknown): object {
  return { message: error instanceof Error ? error.message : String(error) };
}
