/**
 * The statistics fold: moves what ingest batches appended to the delta tables
 * into the daily rollups, the kid rollups and the campaign counters, in one
 * statement and one transaction (a delta is either still pending or counted,
 * never both, never lost). One fold runs at a time across every process (an
 * advisory lock), so the rows all batches share have a single writer and no
 * batch waits for another's.
 *
 * Ingest asks for a fold a moment after each batch (FOLD_DELAY_MS), so the
 * batches of that moment share one fold and senders never wait for it: the
 * statistics count an event about a second after its answer.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ADVISORY_LOCK_KEYS, advisoryXactLock } from '../../platform/db/advisory-locks.js';
import { queryRows, type Db } from '../../platform/db/client.js';
import { defineJob } from '../../platform/define-job.js';
import { recurringJobPolicy } from '../../platform/jobs/recurring.js';

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

/**
 * A delta row that counts something of its campaign: one that only moves a
 * new participant without tips off a day (counting.ts) adds nothing to the
 * campaign's rollups and counters, and makes no row there.
 */
const COUNTS_SOMETHING = sql.raw(
  '(participations, first_participations, view_list, view_detail, view_mail) <> (0, 0, 0, 0, 0)',
);

/** Moves every committed delta into the rollups and counters; how many delta rows it moved. */
export async function foldStatistics(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await advisoryXactLock(tx, ADVISORY_LOCK_KEYS.statisticsFold);
    const [row] = await queryRows<{ folded: number }>(
      tx,
      sql`with moved as (
            delete from stat_deltas returning *
          ), per_campaign_day as (
            insert into campaign_daily_stats as t (campaign_id, merchant_id, day,
              participations, first_participations, view_list, view_detail, view_mail)
            select campaign_id, merchant_id, day, ${COUNT_SUMS}
            from moved where ${COUNTS_SOMETHING}
            group by campaign_id, merchant_id, day order by campaign_id, day
            on conflict (campaign_id, day) do update set ${addTo('t', ROLLUP_COLUMNS)}
          ), per_merchant_day as (
            insert into merchant_daily_stats as t (merchant_id, day,
              participations, first_participations, view_list, view_detail, view_mail, new_participants,
              new_participants_without_tips)
            select merchant_id, day, ${COUNT_SUMS}, sum(new_participants), sum(new_participants_without_tips)
            from moved group by merchant_id, day order by merchant_id, day
            on conflict (merchant_id, day) do update set ${addTo('t', [...ROLLUP_COLUMNS, 'new_participants', 'new_participants_without_tips'])}
          ), per_campaign as (
            -- A campaign deleted for good since its events came has no counters to keep.
            insert into campaign_counters as t (campaign_id,
              participations, distinct_users, view_list, view_detail, view_mail)
            select m.campaign_id, ${COUNT_SUMS}
            from moved m where ${COUNTS_SOMETHING} and exists (select 1 from campaigns c where c.id = m.campaign_id)
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

/**
 * How soon after a batch its additions are folded: the batches of that second
 * share one fold, whose cost follows the campaigns and days touched rather
 * than the number of batches (folds 100 ms apart took most of the database's
 * time under a steady stream of batches).
 */
const FOLD_DELAY_MS = 1000;

/**
 * The folds of one database handle in this process: run one after another;
 * each caller of `now` is served by a fold that started after it asked, and
 * `soon` asks for one a moment later (batches arriving meanwhile share it).
 */
class Folder {
  private waiting: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Db) {}

  now(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.running ??= this.loop().finally(() => {
        this.running = undefined;
      });
    });
  }

  soon(onError: (error: unknown) => void): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.now().catch(onError);
    }, FOLD_DELAY_MS);
    this.timer.unref();
  }

  /** Stops asking for folds and waits for the one under way. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async loop(): Promise<void> {
    while (this.waiting.length > 0) {
      const served = this.waiting;
      this.waiting = [];
      try {
        await foldStatistics(this.db);
        for (const waiter of served) waiter.resolve();
      } catch (error) {
        for (const waiter of served) waiter.reject(error);
      }
    }
  }
}

const folders = new WeakMap<Db, Folder>();

function folderOf(db: Db): Folder {
  let folder = folders.get(db);
  if (!folder) {
    folder = new Folder(db);
    folders.set(db, folder);
  }
  return folder;
}

/** Folds what is pending: resolves once a fold that started after this call has committed. */
export function foldPending(db: Db): Promise<void> {
  return folderOf(db).now();
}

/**
 * Cancels a fold asked for a moment from now and waits for one under way: a
 * process that stored events and folded them (the demo data's) closes its
 * database next, before the asked-for fold would find it closed.
 */
export function stopFolding(db: Db): Promise<void> {
  return folderOf(db).close();
}

/** Asks for a fold a moment from now (after a batch was stored); a failed one is logged and repeated by the next. */
export function foldSoon({ db, log }: { db: Db; log: FastifyBaseLogger }): void {
  folderOf(db).soon((error) =>
    log.error({ err: error }, 'statistics fold failed; the next one counts what is pending'),
  );
}

/** Seconds between two folds of the background job. */
const FOLD_INTERVAL_SECONDS = 5;

/**
 * Folds every few seconds in the background, across all processes: what a
 * process stopped before folding (a crash between commit and fold) is
 * counted by the next fold of any process. (Each process also folds at
 * start, background-jobs.ts, and soon after each batch it stored.)
 */
export const statisticsFoldJob = defineJob({
  name: 'statistics-fold',
  pollSeconds: 2, // each process also folds soon after its own batches
  queue: recurringJobPolicy,
  everySeconds: (config) =>
    config.campaigns.schedulerIntervalSeconds === 0 ? 0 : FOLD_INTERVAL_SECONDS,
  run: (ctx) => foldPending(ctx.db),
});
