/**
 * The statistics fold: moves what ingest batches appended to the delta tables
 * into the daily rollups, the kid rollups and the campaign counters, in one
 * statement and one transaction (a delta is either still pending or counted,
 * never both, never lost). One fold runs at a time across every process (an
 * advisory lock), so the rows all batches share have a single writer and no
 * batch waits for another's.
 *
 * Ingest answers after a fold that started once its batch was committed, so a
 * caller reads its own events in the counters; within a process, batches
 * that arrive while a fold runs share the next one.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { queryRows, type Db } from '../../db/client.js';
import { repeat } from '../../repeat.js';

/** Arbitrary, fixed key of the advisory lock that lets one fold run at a time. */
const FOLD_LOCK_KEY = 73_019_115;

const COUNT_SUMS = sql.raw(
  'sum(participations), sum(first_participations), sum(view_list), sum(view_detail), sum(view_mail)',
);
const addTo = (table: string, columns: string[]) =>
  sql.raw(
    columns.map((column) => `${column} = ${table}.${column} + excluded.${column}`).join(', '),
  );
const ROLLUP_COLUMNS = [
  'participations',
  'first_participations',
  'view_list',
  'view_detail',
  'view_mail',
];
const COUNTER_COLUMNS = [
  'participations',
  'distinct_users',
  'view_list',
  'view_detail',
  'view_mail',
];

/** Moves every committed delta into the rollups and counters; how many delta rows it moved. */
export async function foldStatistics(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK_KEY})`);
    const [row] = await queryRows<{ folded: number }>(
      tx,
      sql`with moved as (
            delete from stat_deltas returning *
          ), per_campaign_day as (
            insert into campaign_daily_stats as t (campaign_id, merchant_id, day,
              participations, first_participations, view_list, view_detail, view_mail)
            select campaign_id, merchant_id, day, ${COUNT_SUMS}
            from moved group by campaign_id, merchant_id, day order by campaign_id, day
            on conflict (campaign_id, day) do update set ${addTo('t', ROLLUP_COLUMNS)}
          ), per_merchant_day as (
            insert into merchant_daily_stats as t (merchant_id, day,
              participations, first_participations, view_list, view_detail, view_mail, new_participants)
            select merchant_id, day, ${COUNT_SUMS}, sum(new_participants)
            from moved group by merchant_id, day order by merchant_id, day
            on conflict (merchant_id, day) do update set ${addTo('t', [...ROLLUP_COLUMNS, 'new_participants'])}
          ), per_campaign as (
            -- A campaign deleted for good since its events came has no counters to keep.
            insert into campaign_counters as t (campaign_id,
              participations, distinct_users, view_list, view_detail, view_mail)
            select m.campaign_id, ${COUNT_SUMS}
            from moved m where exists (select 1 from campaigns c where c.id = m.campaign_id)
            group by m.campaign_id order by m.campaign_id
            on conflict (campaign_id) do update set ${addTo('t', COUNTER_COLUMNS)}
          ), moved_kids as (
            delete from kid_stat_deltas returning *
          ), kids_per_campaign as (
            insert into campaign_daily_kid_stats as t (campaign_id, merchant_id, day, kind, gender, birth_year, count)
            select campaign_id, merchant_id, day, kind, gender, birth_year, sum(count)
            from moved_kids where campaign_id is not null
            group by 1, 2, 3, 4, 5, 6 order by 1, 3, 4, 5, 6
            on conflict (campaign_id, day, kind, gender, birth_year) do update set count = t.count + excluded.count
          ), kids_per_merchant as (
            insert into merchant_daily_kid_stats as t (merchant_id, day, kind, gender, birth_year, count)
            select merchant_id, day, kind, gender, birth_year, sum(count)
            from moved_kids where campaign_id is null
            group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
            on conflict (merchant_id, day, kind, gender, birth_year) do update set count = t.count + excluded.count
          )
          select (select count(*) from moved)::int + (select count(*) from moved_kids)::int as folded`,
    );
    return row?.folded ?? 0;
  });
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Runs folds one after another; each caller is served by a fold that started after it asked. */
function createFolder(fold: () => Promise<unknown>): () => Promise<void> {
  let waiting: Waiter[] = [];
  let running = false;
  const loop = async () => {
    running = true;
    while (waiting.length > 0) {
      const served = waiting;
      waiting = [];
      try {
        await fold();
        for (const waiter of served) waiter.resolve();
      } catch (error) {
        for (const waiter of served) waiter.reject(error);
      }
    }
    running = false;
  };
  return () =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (!running) void loop();
    });
}

const folders = new WeakMap<Db, () => Promise<void>>();

/**
 * Folds what is pending, sharing the process's folds: resolves once a fold
 * that started after this call has committed.
 */
export function foldPending(db: Db): Promise<void> {
  let folder = folders.get(db);
  if (!folder) {
    folder = createFolder(() => foldStatistics(db));
    folders.set(db, folder);
  }
  return folder();
}

/**
 * Folds now and then in the background: deltas that a process stopped
 * before folding (a crash between commit and fold) are counted by the next
 * fold of any process; this one comes within seconds even without new events.
 */
export function startFolding(ctx: AppContext): () => void {
  if (ctx.config.campaigns.schedulerIntervalSeconds === 0) return () => {};
  return repeat(ctx.log, 5_000, 'statistics fold', () => foldPending(ctx.db));
}
