/**
 * Opens the database: PostgreSQL through node-postgres when a connection
 * string is given, otherwise the embedded PGlite (a folder on disk, or memory
 * for tests). Applies the migrations before anything else touches it.
 *
 * PGlite is a single session: it runs every query and every transaction
 * exclusively (its own queue), so concurrent requests never interleave. It
 * runs in this thread, so its statements give the event loop a turn now and
 * then to keep the server answering while they run (embedded.ts).
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { serverPath } from '../config/server-folder.js';
import {
  BASELINE_WASM_ONLY,
  PGLITE_OPTIONS,
  PGLITE_START_PARAMS,
  YieldingPGlite,
} from './embedded.js';
import { folderHolder, lockDataFolder } from './folder-lock.js';
import * as schema from './schema.js';
import type { PoolUsage } from './pool-usage.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: data-access functions take either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Runs raw SQL and returns its rows, whichever driver is underneath. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

/** Where the job queue (jobs/queue.ts) keeps its tables: the same database, reached its own way. */
export type QueueTarget = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };

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
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  /** In memory; `from` is a dump of a data folder (`dumpDataDir`) to start from instead of initdb. */
  | { kind: 'memory'; from?: Blob };

// tsc does not copy the migrations: they stay in src wherever the code runs from.
const migrationsFolder = serverPath('src', 'platform', 'db', 'migrations');
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
      ? new YieldingPGlite({
          ...PGLITE_OPTIONS,
          ...(location.from ? { loadDataDir: location.from } : {}),
        })
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
