/**
 * What the admin page and the queue read and change in pg-boss's tables
 * directly (schema `pgboss`): each queue's numbers, the failed jobs, their
 * retry, and whether a job waits or is due. pg-boss 10 answers none of these
 * in one query of its own.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.js';

/** A queue's numbers on the admin screen. */
export interface QueueCounts {
  name: string;
  /** Waiting to run: new, or failed and waiting for their retry. */
  waiting: number;
  running: number;
  /** Out of attempts (dead letters), until retried or deleted by the retention. */
  failed: number;
  /** Finished successfully in the last 24 hours. */
  completedLast24h: number;
}

export interface FailedJob {
  id: string;
  queue: string;
  /** The last attempt's error message. */
  error: string;
  /** Attempts made (the first and its retries). */
  attempts: number;
  createdAt: Date;
  failedAt: Date;
}

/**
 * A job of the queue `name`, inserted by another statement (a WITH beside a
 * change: the job exists exactly when the change does) when `condition`
 * holds: the row pg-boss's send writes for a job sent without options, its
 * expiry, retention, retries and policy taken from the queue's row as
 * pg-boss 10 takes them (its plans.insertJob; the queue's constructor sets
 * none of their defaults).
 */
export function jobInsert(name: string, data: object, condition: SQL): SQL {
  return sql`insert into pgboss.job
      (name, data, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, dead_letter, policy)
    select q.name, ${JSON.stringify(data)}::jsonb,
      coalesce(q.expire_seconds * interval '1s', interval '15 minutes'),
      now() + cast(coalesce((q.retention_minutes * 60)::text, '14 days') as interval),
      coalesce(q.retry_limit, 2),
      case when coalesce(q.retry_backoff, false) then greatest(coalesce(q.retry_delay, 0), 1)
        else coalesce(q.retry_delay, 0) end,
      coalesce(q.retry_backoff, false),
      q.dead_letter,
      q.policy
    from pgboss.queue q
    where q.name = ${name} and ${condition}
    on conflict do nothing
    returning id`;
}

/** Whether a job of `name` whose data holds `data` waits to run (new, or for its retry). */
export async function hasWaitingJob(db: DbOrTx, name: string, data: object): Promise<boolean> {
  const [row] = await queryRows<{ waiting: boolean }>(
    db,
    sql`select exists (select 1 from pgboss.job where name = ${name}
            and state in ('created', 'retry') and data @> ${JSON.stringify(data)}::jsonb) as waiting`,
  );
  return row?.waiting ?? false;
}

/** Every queue's numbers (pg-boss's own queues left out). */
export function queueCounts(db: DbOrTx): Promise<QueueCounts[]> {
  return queryRows<QueueCounts>(
    db,
    sql`select q.name,
            count(j.id) filter (where j.state in ('created', 'retry'))::int as waiting,
            count(j.id) filter (where j.state = 'active')::int as running,
            count(j.id) filter (where j.state = 'failed')::int as failed,
            (select count(*)::int from (
               select id from pgboss.job
                where name = q.name and state = 'completed' and completed_on > now() - interval '24 hours'
               union all
               select id from pgboss.archive
                where name = q.name and state = 'completed' and completed_on > now() - interval '24 hours'
             ) done) as "completedLast24h"
          from pgboss.queue q left join pgboss.job j on j.name = q.name
          where q.name not like '\\_\\_pgboss%'
          group by q.name order by q.name`,
  );
}

/** The failed jobs (dead letters), newest first. */
export async function failedJobs(db: DbOrTx, limit: number): Promise<FailedJob[]> {
  const rows = await queryRows<{
    id: string;
    queue: string;
    output: unknown;
    retry_count: number;
    created_on: Date | string;
    completed_on: Date | string | null;
  }>(
    db,
    sql`select id, name as queue, output, retry_count, created_on, completed_on from pgboss.job
          where state = 'failed' and name not like '\\_\\_pgboss%'
          order by completed_on desc nulls last, id limit ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    queue: row.queue,
    error: errorMessage(row.output),
    attempts: row.retry_count + 1,
    createdAt: new Date(row.created_on),
    failedAt: new Date(row.completed_on ?? row.created_on),
  }));
}

/**
 * Puts failed jobs of a queue back to run (all when no ids are given);
 * answers how many. A 'stately' queue (a recurring job) holds one job
 * waiting for its retry at a time: of its failed runs the newest goes back,
 * and the others stay failed until that one has run.
 */
export async function retryFailedJobs(
  db: DbOrTx,
  name: string,
  ids?: readonly string[],
): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with failed as (
            select id, policy, coalesce(singleton_key, '') as key, completed_on from pgboss.job
             where name = ${name} and state = 'failed'
             ${ids ? sql`and id in ${ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000']}` : sql``}
          ), chosen as (
            select distinct on (case when f.policy = 'stately' then f.key else f.id::text end) f.id
              from failed f
             where f.policy is distinct from 'stately' or not exists (
                     select 1 from pgboss.job w
                      where w.name = ${name} and w.state = 'retry' and w.policy = 'stately'
                        and coalesce(w.singleton_key, '') = f.key)
             order by case when f.policy = 'stately' then f.key else f.id::text end,
                      f.completed_on desc nulls last
          )
          update pgboss.job set state = 'retry', retry_limit = retry_limit + 1, start_after = now()
          where name = ${name} and id in (select id from chosen)
            -- Rechecked on the row as it is now: of two admins retrying at once, one puts it back.
            and state = 'failed'
          returning id`,
  );
  return rows.length;
}

/** How many jobs of these queues run, or wait and are due now. */
export async function dueOrRunningJobs(db: DbOrTx, names: readonly string[]): Promise<number> {
  const [busy] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from pgboss.job
        where name in ${names} and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
  );
  return busy?.count ?? 0;
}

function errorMessage(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) {
    return String(output.message);
  }
  return output === null || output === undefined ? '' : JSON.stringify(output);
}
