/**
 * Opens the database: PostgreSQL through node-postgres when a connection
 * string is given, otherwise the embedded PGlite (a folder on disk, or memory
 * for tests). Applies the migrations before anything else touches it.
 *
 * PGlite is a single session: it runs every query and every transaction
 * exclusively (its own queue), so concurrent requests never interleave. It
 * runs in this thread, so its statements give the event loop a turn now and
 * then (YieldingPGlite) to keep the server answering while they run.
 *
 * With tracing on, the embedded database's statements are spans of their
 * own (YieldingPGlite), as node-postgres' are through its instrumentation.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { setImmediate as loopTurn } from 'node:timers/promises';
import {
  PGlite,
  type ExecProtocolOptions,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { serverPath } from '../server-folder.js';
import { tracedStatement, tracingOn } from '../tracing/hooks.js';
import { folderHolder, lockDataFolder } from './folder-lock.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: data-access functions take either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Runs raw SQL and returns its rows, whichever driver is underneath. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Where the job queue (jobs/queue.ts) keeps its tables: the same database, reached its own way. */
export type QueueTarget = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };

/** How busy the database's connections are now (the metrics read it at each scrape). */
export interface PoolUsage {
  /** Connections open: PostgreSQL's pool up to its maximum; the embedded database's one. */
  open: number;
  /** Connections running a statement or a transaction. */
  inUse: number;
  /** Requests waiting for a connection: the pool's queue; the embedded database's waiting statements and transactions. */
  waiting: number;
  /** Most connections the pool opens. */
  max: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  queueTarget: QueueTarget;
  /** The connections' usage now. */
  usage(): PoolUsage;
  /** Answers whether the database responds (for /ready). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseLocation =
  { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string } | { kind: 'memory' };

// tsc does not copy the migrations: they stay in src wherever the code runs from.
const migrationsFolder = serverPath('src', 'db', 'migrations');
/** Arbitrary, fixed key of the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 73_019_114;

export interface OpenOptions {
  /**
   * PostgreSQL only: told when the server drops an idle connection (restart,
   * failover); the pool replaces it on the next checkout. The server logs it
   * (bootstrap.ts); without it, a line on standard error (the scripts).
   */
  onConnectionLost?: (error: Error) => void;
  /** Told how many migrations this start applied, when it applied any. */
  onMigrated?: (applied: number) => void;
  /**
   * The configured time zone, which migrations that count days read as the
   * session setting `app.time_zone` (Europe/Berlin when not given).
   */
  timeZone?: string;
  /**
   * A data folder only: creates the database when the folder holds none yet,
   * called with the folder locked (bootstrap.ts runs it in a short-lived
   * process, so that the memory initdb takes is given back). Without it,
   * this process creates the database itself.
   */
  create?: () => Promise<void>;
  /**
   * A data folder only: the parent process holds the folder's lock and has
   * started this one to create the database (create-data-folder.ts).
   */
  lockedByParent?: boolean;
}

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
 * about a third slower (docs/decisions.md, "Memory and start"). Set for the
 * whole process before PGlite compiles; the tests' in-memory databases keep
 * V8's default.
 */
const BASELINE_WASM_ONLY = '--liftoff-only';

/** Longest the embedded database's statements run back to back before the event loop gets a turn. */
const LOOP_TURN_AFTER_MS = 10;

/**
 * PGlite whose statements let the event loop turn. PostgreSQL runs here in
 * WebAssembly, holding the thread for each statement, and PGlite's queue
 * hands one statement (of the same transaction or the next) to the next
 * through promises alone, which never let the loop handle I/O: six ingest
 * batches of 1,000 events held it for over two seconds, and /health with
 * them (issue 29). Before a statement, once statements have run for
 * LOOP_TURN_AFTER_MS without a turn, the loop gets one (setImmediate): the
 * requests waiting meanwhile are read and the quick ones answered, and the
 * statement goes on after them. The queue still runs one statement at a
 * time, in order; a turn costs microseconds.
 */
class YieldingPGlite extends PGlite {
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

/** Where the embedded database keeps its files inside DATA_DIR. */
export const pgliteFolder = (dataDir: string): string => path.join(dataDir, 'pglite');

/**
 * The database a script (`npm run seed`, `create-admin`) works on, named as
 * the server reads it: DATABASE_URL's PostgreSQL, else the embedded one in
 * DATA_DIR.
 */
export function openScriptDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  return openDatabase(
    url
      ? { kind: 'postgres', url }
      : { kind: 'pglite', dataDir: path.resolve(process.env.DATA_DIR ?? './data') },
    { timeZone: process.env.TIME_ZONE },
  );
}

/** Whether the data folder holds a database already (initdb has run there). */
export const pgliteFolderExists = (dataDir: string): boolean =>
  existsSync(path.join(pgliteFolder(dataDir), 'PG_VERSION'));

const TIME_ZONE_SETTING = "select set_config('app.time_zone', $1, false)";

/** Runs one SQL text on a connection (PGlite's client and node-postgres' both do). */
type RunQuery = (text: string) => Promise<{ rows: unknown[] }>;

/** How many migrations the database has had (drizzle's own bookkeeping table). */
async function migrationCount(run: RunQuery): Promise<number> {
  const { rows: tables } = await run(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!(tables[0] as { present: boolean }).present) return 0;
  const { rows } = await run('select count(*)::int as applied from drizzle.__drizzle_migrations');
  return (rows[0] as { applied: number }).applied;
}

/** Migrates through `migrate` and tells onMigrated how many migrations it applied. */
async function migrateCounting(
  run: RunQuery,
  migrate: () => Promise<void>,
  onMigrated: OpenOptions['onMigrated'],
): Promise<void> {
  const before = await migrationCount(run);
  await migrate();
  const applied = (await migrationCount(run)) - before;
  if (applied > 0) onMigrated?.(applied);
}

export async function openDatabase(
  location: DatabaseLocation,
  options: OpenOptions = {},
): Promise<Database> {
  const timeZone = options.timeZone ?? 'Europe/Berlin';
  if (location.kind === 'postgres') return openPostgres(location.url, timeZone, options);
  let unlock = async () => {};
  if (location.kind === 'pglite') {
    await mkdir(location.dataDir, { recursive: true });
    if (options.lockedByParent) await expectParentLock(location.dataDir);
    else unlock = await lockDataFolder(location.dataDir);
    if (options.create && !pgliteFolderExists(location.dataDir)) {
      try {
        await options.create();
      } catch (error) {
        await unlock();
        throw error;
      }
    }
  }
  if (location.kind === 'pglite') setFlagsFromString(BASELINE_WASM_ONLY);
  const client =
    location.kind === 'memory'
      ? new YieldingPGlite(PGLITE_OPTIONS)
      : new YieldingPGlite(pgliteFolder(location.dataDir), {
          ...PGLITE_OPTIONS,
          startParams: PGLITE_START_PARAMS,
        });
  const db = drizzlePglite({ client, schema });
  try {
    await client.query(TIME_ZONE_SETTING, [timeZone]);
    await migrateCounting(
      (text) => client.query(text),
      () => migratePglite(db, { migrationsFolder }),
      options.onMigrated,
    );
  } catch (error) {
    await client.close().catch(() => undefined);
    await unlock();
    throw error;
  }
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    queueTarget: { kind: 'pglite', client },
    usage: () => client.usage,
    async ping() {
      await client.query('select 1');
      return true;
    },
    async close() {
      await client.close();
      await unlock();
    },
  };
}

/** A process started to create the database works in its parent's lock, never without one. */
async function expectParentLock(dataDir: string): Promise<void> {
  const holder = await folderHolder(dataDir);
  if (holder !== process.ppid) {
    throw new Error(`The data folder ${dataDir} is not locked by the parent process`);
  }
}

/** Connections of a process's pool on PostgreSQL (the job queue has a small pool of its own). */
const POOL_MAX = 10;

async function openPostgres(
  url: string,
  timeZone: string,
  {
    onConnectionLost = (error) => {
      process.stderr.write(`PostgreSQL connection lost: ${error.message}\n`);
    },
    onMigrated,
  }: OpenOptions,
): Promise<Database> {
  // node-postgres is loaded only for PostgreSQL, not beside the embedded database.
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: POOL_MAX });
  // An idle connection that the server drops (restart, failover, terminate)
  // emits an error; unhandled, node-postgres would end the process with it.
  // The pool replaces the connection on the next checkout.
  pool.on('error', onConnectionLost);
  // Several server processes may start at once: one migrates, the others wait.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await lockClient.query(TIME_ZONE_SETTING, [timeZone]);
    await migrateCounting(
      (text) => lockClient.query(text),
      () => migratePg(drizzlePg({ client: lockClient, schema }), { migrationsFolder }),
      onMigrated,
    );
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    queueTarget: { kind: 'postgres', url },
    usage: () => ({
      open: pool.totalCount,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
      max: POOL_MAX,
    }),
    async ping() {
      await pool.query('select 1');
      return true;
    },
    async close() {
      await pool.end();
    },
  };
}
