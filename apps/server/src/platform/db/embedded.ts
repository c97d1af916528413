/**
 * The embedded database's client: PGlite with the settings of a data folder,
 * statements that let the event loop turn (YieldingPGlite), the usage the
 * metrics read, and, with tracing on, a span per statement, as node-postgres'
 * instrumentation makes them on PostgreSQL. Opened by client.ts.
 */
import { setImmediate as loopTurn } from 'node:timers/promises';
import {
  PGlite,
  type ExecProtocolOptions,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { tracedStatement, tracingOn } from '../tracing/hooks.js';
import type { PoolUsage } from './pool-usage.js';

/** pg_trgm backs the campaign list's text filter (migration 0005). */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } };

/**
 * PostgreSQL settings of an embedded database in a data folder, sized for
 * one process of a small installation: shared_buffers at 16 MB instead of
 * 128 MB halves the memory PGlite keeps (docs/benchmarks.md, "Idle memory");
 * the operating system's file cache holds the rest of the data. PGlite's
 * own start parameters (single-user mode, no parallel workers) stay.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * V8 compiles PGlite's WebAssembly (PostgreSQL, 9 MB) with its baseline
 * compiler only, not again with its optimising one for the code that runs
 * often: that second compilation keeps some 40 MB more and, on a busy
 * machine, delays the start by competing for the cores; queries run up to
 * about a third slower (docs/decisions/030-memory-and-start.md). Set for the
 * whole process before PGlite compiles; the tests' in-memory databases keep
 * V8's default.
 */
export const BASELINE_WASM_ONLY = '--liftoff-only';

/** Longest the embedded database's statements run back to back before the event loop gets a turn. */
const LOOP_TURN_AFTER_MS = 10;

/**
 * PGlite whose statements let the event loop turn. PostgreSQL runs here in
 * WebAssembly, holding the thread for each statement, and PGlite's queue
 * hands one statement (of the same transaction or the next) to the next
 * through promises alone, which never let the loop handle I/O: six ingest
 * batches of 1,000 events held it for over two seconds, and /health with
 * them. Before a statement, once statements have run for
 * LOOP_TURN_AFTER_MS without a turn, the loop gets one (setImmediate): the
 * requests waiting meanwhile are read and the quick ones answered, and the
 * statement goes on after them. The queue still runs one statement at a
 * time, in order; a turn costs microseconds.
 */
export class YieldingPGlite extends PGlite {
  #lastTurn = performance.now();
  /** Statements under way: a close waits for them (one may be waiting for its turn). */
  #running = 0;
  #idle: (() => void)[] = [];
  /** Statements and transactions in PGlite's queue, and whether one of them runs now. */
  #queued = 0;
  #busy = false;

  /** The one session's usage: busy or not, and how many statements and transactions wait for it. */
  get usage(): PoolUsage {
    return { open: 1, inUse: this.#busy ? 1 : 0, waiting: this.#queued, max: 1 };
  }

  /**
   * Every query, exec and transaction runs exclusively through here (PGlite's
   * queue); counted for the metrics' waiting statements.
   */
  override async _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    this.#queued += 1;
    let started = false;
    try {
      return await super._runExclusiveTransaction(async () => {
        started = true;
        this.#queued -= 1;
        this.#busy = true;
        try {
          return await fn();
        } finally {
          this.#busy = false;
        }
      });
    } finally {
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- set in the callback above, which TypeScript's narrowing does not follow
      if (!started) this.#queued -= 1;
    }
  }

  override async execProtocolRaw(
    message: Uint8Array,
    options?: ExecProtocolOptions,
  ): Promise<Uint8Array> {
    this.#running += 1;
    try {
      if (performance.now() - this.#lastTurn >= LOOP_TURN_AFTER_MS) {
        await loopTurn();
        this.#lastTurn = performance.now();
      }
      // A statement whose turn came after the close gets an error, not a PostgreSQL taken away.
      if (this.closed) throw new Error('the embedded database is closed');
      return await super.execProtocolRaw(message, options);
    } finally {
      this.#running -= 1;
      if (this.#running === 0) for (const resolve of this.#idle.splice(0)) resolve();
    }
  }

  // With tracing on, a span per statement (tracing/start.ts), inside a transaction too.
  override query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (!tracingOn()) return super.query<T>(text, params, options);
    return tracedStatement(text, () => super.query<T>(text, params, options));
  }

  override exec(text: string, options?: QueryOptions): Promise<Results[]> {
    if (!tracingOn()) return super.exec(text, options);
    return tracedStatement(text, () => super.exec(text, options));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    if (!tracingOn()) return super.transaction(callback);
    return super.transaction((tx) => callback(tracedTransaction(tx)));
  }

  /**
   * Closes once the statement under way has run: a close that came during a
   * statement's turn of the event loop would take the database from under it.
   */
  override async close(): Promise<void> {
    while (this.#running > 0) await new Promise<void>((resolve) => this.#idle.push(resolve));
    await super.close();
  }
}

/** A PGlite transaction whose statements are spans (what drizzle and the job queue run in it). */
function tracedTransaction(tx: Transaction): Transaction {
  return new Proxy(tx, {
    get(target, property) {
      if (property === 'query') {
        return <T>(text: string, params?: unknown[], options?: QueryOptions) =>
          tracedStatement(text, () => target.query<T>(text, params, options));
      }
      if (property === 'exec') {
        return (text: string, options?: QueryOptions) =>
          tracedStatement(text, () => target.exec(text, options));
      }
      return Reflect.get(target, property) as unknown;
    },
  });
}
