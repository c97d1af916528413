/**
 * Monthly partitions of the raw events on PostgreSQL
 * (docs/decisions/046-event-partitions.md). The migrations create
 * `participation_events` as one table on both engines (drizzle-kit knows no
 * partitioned tables); on PostgreSQL, `partitionEventsTable` turns it into a
 * table range-partitioned by `occurred_at` right after the migrations, under
 * their lock, once. After that:
 *
 * - `ensureEventPartitions` (the job `event-partitions`) creates the monthly
 *   partitions ahead of time, months in UTC: `participation_events_y2026m11`
 *   holds November 2026;
 * - `participation_events_default` takes any event of a month without a
 *   partition (far in the past or the future); a partition made for a month
 *   later takes the default's rows of that month with it;
 * - the retention detaches a month that lies wholly before its limit
 *   (`detachEventPartition`), forgets the participants it leaves without
 *   events, and drops it (`dropDetachedEventPartition`), instead of deleting
 *   its rows one by one.
 *
 * On the embedded database the table stays one table: every function here
 * finds no partitions there and does nothing.
 */
import { sql, type SQL } from 'drizzle-orm';
// Types only: client.ts runs the conversion after its migrations.
import type { DbOrTx } from './client.js';

/** Raw SQL's rows (client.ts's queryRows, which this file cannot import back). */
async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

const EVENTS_TABLE = 'participation_events';
export const DEFAULT_EVENT_PARTITION = `${EVENTS_TABLE}_default`;
/** Months created ahead of the current one. */
export const EVENT_PARTITIONS_AHEAD = 2;
/** At the conversion, months with events this far back get a partition of their own. */
const CONVERSION_MONTHS_BACK = 27;
/** How long a partition's DDL waits for the table's lock before it gives up (and the next run tries again). */
const DDL_LOCK_TIMEOUT = '5s';

const PARTITION_NAME = /^participation_events_y(\d{4})m(\d{2})$/;

/** One month's partition: its name and range [from, to) in UTC. */
export interface EventPartition {
  name: string;
  from: Date;
  to: Date;
}

/** The start of the UTC month `months` after the one `at` lies in. */
export function monthStart(at: Date, months = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));
}

/** The partition of the month that starts at `from`. */
export function eventPartition(from: Date): EventPartition {
  const month = String(from.getUTCMonth() + 1).padStart(2, '0');
  return {
    name: `${EVENTS_TABLE}_y${from.getUTCFullYear()}m${month}`,
    from,
    to: monthStart(from, 1),
  };
}

/** The month partition of this table name, undefined for any other name. */
function partitionNamed(name: string): EventPartition | undefined {
  const match = PARTITION_NAME.exec(name);
  if (!match) return undefined;
  return eventPartition(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/** The SQL of a partition bound: an instant in UTC. */
const bound = (at: Date) => `'${at.toISOString()}'`;

/** Runs one SQL text on a connection (as client.ts's migration connection does). */
type RunQuery = (text: string) => Promise<{ rows: unknown[] }>;

/**
 * PostgreSQL, once, right after the migrations and under their lock: turns
 * the one table of raw events into a table partitioned by month, with the
 * same columns, key and index names (so the migrations and drizzle-kit's
 * snapshots stay true), partitions for the months that hold events (back to
 * CONVERSION_MONTHS_BACK) and the EVENT_PARTITIONS_AHEAD ahead, and the
 * default partition. The rows are copied over in the same transaction: a
 * large table is written once again, with ingest held back meanwhile (the
 * decision record says what it costs). Returns whether it converted.
 */
export async function partitionEventsTable(run: RunQuery, now = new Date()): Promise<boolean> {
  const { rows } = await run(
    `select c.relkind::text as kind from pg_class c
     where c.oid = to_regclass('${EVENTS_TABLE}')`,
  );
  if ((rows[0] as { kind: string } | undefined)?.kind !== 'r') return false;
  const old = `${EVENTS_TABLE}_unpartitioned`;
  await run('begin');
  try {
    await run(`lock table ${EVENTS_TABLE} in access exclusive mode`);
    await run(`alter table ${EVENTS_TABLE} rename to ${old}`);
    await run(
      `alter table ${old} rename constraint ${EVENTS_TABLE}_occurred_at_id_pk to ${old}_pk`,
    );
    await run(`alter index ${EVENTS_TABLE}_participant_idx rename to ${old}_participant_idx`);
    await run(
      `create table ${EVENTS_TABLE} (like ${old} including defaults) partition by range (occurred_at)`,
    );
    await run(
      `alter table ${EVENTS_TABLE} add constraint ${EVENTS_TABLE}_occurred_at_id_pk primary key (occurred_at, id)`,
    );
    await run(
      `create index ${EVENTS_TABLE}_participant_idx on ${EVENTS_TABLE} (participant_id) where participant_id is not null`,
    );
    await run(`create table ${DEFAULT_EVENT_PARTITION} partition of ${EVENTS_TABLE} default`);
    const { rows: months } = await run(
      `select distinct date_trunc('month', occurred_at, 'UTC') as month from ${old}
       where occurred_at >= ${bound(monthStart(now, -CONVERSION_MONTHS_BACK))}
         and occurred_at < ${bound(monthStart(now, EVENT_PARTITIONS_AHEAD + 1))}`,
    );
    const starts = new Map<string, Date>();
    for (const { month } of months as { month: Date | string }[]) {
      const at = monthStart(new Date(month));
      starts.set(at.toISOString(), at);
    }
    for (let ahead = 0; ahead <= EVENT_PARTITIONS_AHEAD; ahead += 1) {
      const at = monthStart(now, ahead);
      starts.set(at.toISOString(), at);
    }
    for (const from of starts.values()) {
      const partition = eventPartition(from);
      await run(
        `create table ${partition.name} partition of ${EVENTS_TABLE}
         for values from (${bound(partition.from)}) to (${bound(partition.to)})`,
      );
    }
    await run(`insert into ${EVENTS_TABLE} select * from ${old}`);
    await run(`drop table ${old}`);
    await run('commit');
  } catch (error) {
    await run('rollback');
    throw error;
  }
  return true;
}

/** Whether the raw events are partitioned here (PostgreSQL after its conversion). */
export async function eventsPartitioned(db: DbOrTx): Promise<boolean> {
  const [row] = await queryRows<{ kind: string }>(
    db,
    sql`select relkind::text as kind from pg_class where oid = to_regclass(${EVENTS_TABLE})`,
  );
  return row?.kind === 'p';
}

/** The month partitions attached to the raw events, oldest first (none on the embedded database). */
export async function eventPartitions(db: DbOrTx): Promise<EventPartition[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i
        join pg_class c on c.oid = i.inhrelid
        where i.inhparent = to_regclass(${EVENTS_TABLE})`,
  );
  return rows
    .map((row) => partitionNamed(row.name))
    .filter((partition) => partition !== undefined)
    .sort((a, b) => a.from.getTime() - b.from.getTime());
}

/**
 * Month partitions the retention detached and has not dropped yet (a run
 * that ended in between leaves them for the next), oldest first.
 */
export async function detachedEventPartitions(db: DbOrTx): Promise<EventPartition[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select relname as name from pg_class
        where relname ~ '^participation_events_y[0-9]{4}m[0-9]{2}$' and relkind = 'r'
          and not relispartition and relnamespace = current_schema()::regnamespace`,
  );
  return rows
    .map((row) => partitionNamed(row.name))
    .filter((partition) => partition !== undefined)
    .sort((a, b) => a.from.getTime() - b.from.getTime());
}

/**
 * Creates the month partitions from the month of `from` through the
 * EVENT_PARTITIONS_AHEAD months after the one of `now` that are missing,
 * each with the default partition's rows of its month, in a transaction of
 * its own. Nothing on the embedded database. Returns the partitions created.
 */
export async function ensureEventPartitions(
  db: DbOrTx,
  now = new Date(),
  from = now,
): Promise<EventPartition[]> {
  if (!(await eventsPartitioned(db))) return [];
  const existing = new Set((await eventPartitions(db)).map((partition) => partition.name));
  const created: EventPartition[] = [];
  const last = monthStart(now, EVENT_PARTITIONS_AHEAD);
  for (let at = monthStart(from); at <= last; at = monthStart(at, 1)) {
    const partition = eventPartition(at);
    if (existing.has(partition.name)) continue;
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${DDL_LOCK_TIMEOUT}'`));
      // No event routed to the default partition meanwhile: its rows of the month move.
      await tx.execute(
        sql.raw(`lock table ${DEFAULT_EVENT_PARTITION} in share row exclusive mode`),
      );
      await tx.execute(
        sql.raw(`create table ${partition.name} (like ${EVENTS_TABLE} including defaults)`),
      );
      await tx.execute(
        sql.raw(
          `with moved as (
             delete from ${DEFAULT_EVENT_PARTITION}
             where occurred_at >= ${bound(partition.from)} and occurred_at < ${bound(partition.to)}
             returning *)
           insert into ${partition.name} select * from moved`,
        ),
      );
      // Attaching holds back neither ingest nor reads (share update exclusive on the table).
      await tx.execute(
        sql.raw(
          `alter table ${EVENTS_TABLE} attach partition ${partition.name}
           for values from (${bound(partition.from)}) to (${bound(partition.to)})`,
        ),
      );
    });
    created.push(partition);
  }
  return created;
}

/**
 * Detaches a month partition from the raw events: its rows are gone for
 * every query at once, and the table stays until dropped. Waits
 * DDL_LOCK_TIMEOUT at most for the table's lock (the next run tries again).
 */
export async function detachEventPartition(tx: DbOrTx, partition: EventPartition): Promise<void> {
  await tx.execute(sql.raw(`set local lock_timeout = '${DDL_LOCK_TIMEOUT}'`));
  await tx.execute(sql.raw(`alter table ${EVENTS_TABLE} detach partition ${partition.name}`));
}

/** How many raw events a detached partition holds. */
export async function detachedEventCount(db: DbOrTx, partition: EventPartition): Promise<number> {
  const [row] = await queryRows<{ events: number }>(
    db,
    sql.raw(`select count(*)::int as events from ${partition.name}`),
  );
  return row?.events ?? 0;
}

/**
 * Deletes the events of the participants `ids` from the month partitions a
 * retention run has detached and not dropped yet (they are out of the
 * events table's reach until then): an erasure leaves nothing of a person
 * there either. Returns the events deleted.
 */
export async function deleteFromDetachedPartitions(tx: DbOrTx, ids: string[]): Promise<number> {
  let deleted = 0;
  for (const partition of await detachedEventPartitions(tx)) {
    const [row] = await queryRows<{ events: number }>(
      tx,
      sql`with deleted as (
            delete from ${sql.identifier(partition.name)}
            where participant_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
            returning 1)
          select count(*)::int as events from deleted`,
    );
    deleted += row?.events ?? 0;
  }
  return deleted;
}

/** The next `limit` participants a detached partition names after `after`, in text order. */
export async function detachedParticipantPage(
  db: DbOrTx,
  partition: EventPartition,
  { after, limit }: { after: string; limit: number },
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select distinct participant_id as id from ${sql.identifier(partition.name)}
        where participant_id is not null and participant_id > ${after}
        order by 1 limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

/** Drops a detached month partition. */
export async function dropDetachedEventPartition(
  db: DbOrTx,
  partition: EventPartition,
): Promise<void> {
  await db.execute(sql.raw(`drop table if exists ${partition.name}`));
}

/** Whether an error (or one of its causes: drivers and Drizzle wrap it) is a lock_timeout's. */
export function isLockTimeout(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (code === '55P03') return true;
  return cause !== undefined && isLockTimeout(cause);
}
