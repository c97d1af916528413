/**
 * The job queue's own database (jobs/queue.ts): what pg-boss runs its
 * statements on, PGlite's client or a small pool of its own on PostgreSQL.
 */
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import pg from 'pg';
import type { QueueTarget } from '../db/client.js';

/** How long pg-boss's statements must have been quiet before a stop lets the database close. */
export const QUIET_MS = 50;

/**
 * pg-boss's own database: PGlite's client (statements with parameters one
 * at a time, pg-boss's schema scripts whole), or a small pool of its own on
 * PostgreSQL. It counts the statements under way, because pg-boss completes
 * or fails a job without waiting for it: a stop waits until the last of them
 * has run, so that none reaches a database that closed meanwhile.
 */
export class QueueDatabase implements PgBoss.Db {
  readonly #run: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  readonly #close: () => Promise<void>;
  #underWay = 0;
  #lastEnded = 0;
  #closed = false;

  constructor(target: QueueTarget, log: FastifyBaseLogger) {
    if (target.kind === 'pglite') {
      const client = target.client;
      this.#run = async (text, values) => {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.flatMap((result) => result.rows) };
      };
      this.#close = async () => {};
    } else {
      const pool = new pg.Pool({
        connectionString: target.url,
        max: 4,
        application_name: 'backoffice-jobs',
      });
      pool.on('error', (error) => log.error({ err: error }, 'job queue connection lost'));
      this.#run = (text, values) => pool.query(text, values);
      this.#close = () => pool.end();
    }
  }

  async executeSql(text: string, values?: unknown[]): Promise<{ rows: never[] }> {
    // A job that outlived the stop's wait was failed for a retry as the queue stopped: its late
    // end is not recorded. pg-boss's own database answers nothing after its close, the same way.
    if (this.#closed) return undefined as unknown as { rows: never[] };
    this.#underWay += 1;
    try {
      return (await this.#run(text, values)) as { rows: never[] };
    } finally {
      this.#underWay -= 1;
      this.#lastEnded = performance.now();
    }
  }

  /** Whether no statement has run for QUIET_MS. */
  get quiet(): boolean {
    return this.#underWay === 0 && performance.now() - this.#lastEnded >= QUIET_MS;
  }

  close(): Promise<void> {
    this.#closed = true;
    return this.#close();
  }
}
