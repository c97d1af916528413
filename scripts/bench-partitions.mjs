// Raw events partitioned by month on PostgreSQL (docs/decisions/046-event-partitions.md),
// used by bench.mjs (npm run bench -- partitions): on a fresh PostgreSQL
// database with the load generator's merchants, campaigns and rollups,
// BENCH_PARTITIONS_EVENTS raw events (30 million) spread over the last 12
// months are written straight into participation_events with generate_series;
// then
//  - the retention's purge of one month: row by row as before (the oldest
//    month's rows sit in the default partition, which the retention still
//    purges so) against dropping the next month's partition (detach, its
//    participants looked at, drop), each with its time and the WAL written
//    (pg_current_wal_lsn() before and after: the whole cluster's, so other
//    writers on the same server count too);
//  - dashboard and statistics p99 and ingest events/s on that database
//    (bench-stats.mjs's measurement);
//  - the first start's conversion of one table of those events into partitions.
import pg from 'pg';
import { generate, onFreshPostgres } from './bench-helpers.mjs';
import { measureStats } from './bench-stats.mjs';
import { root } from './build-state.mjs';

const EVENTS = Number(process.env.BENCH_PARTITIONS_EVENTS ?? 30_000_000);
/**
 * BENCH_PARTITIONS_RETENTION=0 skips the retention's two purges (the row by
 * row one takes about 45 minutes at 30 million), BENCH_PARTITIONS_CONVERSION=0
 * the first start's conversion: a run for the dashboard, statistics and ingest alone.
 */
const RETENTION = process.env.BENCH_PARTITIONS_RETENTION !== '0';
const CONVERSION = process.env.BENCH_PARTITIONS_CONVERSION !== '0';
const MONTHS = 12;
/** Rows one insert statement writes. */
const CHUNK = 1_000_000;
const MERCHANTS = Number(process.env.BENCH_STATS_MERCHANTS ?? 1000);
const CAMPAIGNS = Number(process.env.BENCH_STATS_CAMPAIGNS ?? 100_000);
const PARTICIPATIONS = Number(process.env.BENCH_PARTITIONS_PARTICIPATIONS ?? 1_000_000);
/** Distinct participants the raw events name (every second event names one). */
const PEOPLE = 1_000_000;
const DAY = 24 * 3600_000;

const server = (file) => import(`${root}/apps/server/dist/${file}`);

const seconds = (started) => ((performance.now() - started) / 1000).toFixed(2);
const mb = (bytes) => (Number(bytes) / 1024 / 1024).toFixed(1);

async function walSince(client, from) {
  const { rows } = await client.query(
    'select pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::bigint as bytes',
    [from],
  );
  return rows[0].bytes;
}

async function walNow(client) {
  return (await client.query('select pg_current_wal_lsn() as lsn')).rows[0].lsn;
}

async function measure(env, checkpoint) {
  const { openDatabase } = await server('platform/db/client.js');
  const { ensureEventPartitions, eventPartition, monthStart } = await server(
    'platform/db/event-partitions.js',
  );
  const { applyRetention } = await server('modules/ingest/privacy.js');
  let started = performance.now();
  generate(env, [
    '--merchants',
    String(MERCHANTS),
    '--campaigns',
    String(CAMPAIGNS),
    '--participations',
    String(PARTICIPATIONS),
  ]);
  console.log(
    `event partitions, PostgreSQL: ${MERCHANTS} merchants, ${CAMPAIGNS} campaigns, ${PARTICIPATIONS} participations generated in ${seconds(started)} s`,
  );
  const database = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL });
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    const now = new Date();
    // The oldest month is purged as the retention purged every month before
    // (row by row, 1,000 a step): its rows sit in the default partition, where
    // the retention still deletes them so. The next month goes whole.
    const oldest = eventPartition(monthStart(now, -MONTHS));
    const next = eventPartition(monthStart(now, -MONTHS + 1));
    await ensureEventPartitions(database.db, now, RETENTION ? next.from : oldest.from);
    if (RETENTION && (await client.query('select to_regclass($1) as t', [oldest.name])).rows[0].t) {
      await client.query(`alter table participation_events detach partition ${oldest.name}`);
      await client.query(`insert into participation_events select * from ${oldest.name}`);
      await client.query(`drop table ${oldest.name}`);
    }
    // The raw events: MONTHS months before this one, as many a month, on 1,000 campaigns.
    started = performance.now();
    const perMonth = Math.round(EVENTS / MONTHS);
    for (let month = -MONTHS; month < 0; month += 1) {
      const { from, to } = eventPartition(monthStart(now, month));
      for (let done = 0; done < perMonth; done += CHUNK) {
        await client.query(
          `with targets as (
             select row_number() over (order by id) as n, id, merchant_id from campaigns limit 1000)
           insert into participation_events (id, occurred_at, type, campaign_id, merchant_id, participant_id)
           select gen_random_uuid(), $1::timestamptz + ($2::timestamptz - $1::timestamptz) * random(),
                  case when i % 2 = 0 then 'participation' else 'view_list' end, t.id, t.merchant_id,
                  case when i % 2 = 0 then 'bench-' || (1 + floor(random() * $4)::int) end
           from generate_series(1, $3::int) i
           join targets t on t.n = 1 + i % (select count(*) from targets)`,
          [from.toISOString(), to.toISOString(), Math.min(CHUNK, perMonth - done), PEOPLE],
        );
      }
      process.stdout.write('.');
    }
    await client.query('vacuum analyze participation_events');
    const { rows: total } = await client.query(
      'select count(*)::bigint as events from participation_events',
    );
    console.log(
      `\n  ${total[0].events} raw events over ${MONTHS} months written in ${seconds(started)} s (${perMonth} a month)`,
    );

    const stats = { eventRetentionDays: 730, erasureBlockDays: 30 };
    const retention = async (label, before) => {
      await checkpoint();
      const lsn = await walNow(client);
      const runStarted = performance.now();
      const run = await applyRetention(
        { db: database.db, stats },
        new Date(before.getTime() + stats.eventRetentionDays * DAY),
      );
      const runSeconds = seconds(runStarted);
      const wal = await walSince(client, lsn);
      console.log(
        `  retention, ${label.padEnd(28)} ${run.events} events, ${run.partitions} partitions dropped, ${run.participants} participants forgotten in ${runSeconds} s, WAL ${mb(wal)} MB`,
      );
    };
    if (RETENTION) {
      // First, unmeasured, what the retention has to do before those months:
      // the generator's older events, its receipts, the sweep of its participants.
      await applyRetention(
        { db: database.db, stats },
        new Date(oldest.from.getTime() + stats.eventRetentionDays * DAY),
      );
      await retention('one month by DELETE:', oldest.to);
      await retention('one month by its partition:', next.to);
    }
  } finally {
    await client.end();
    await database.close();
  }
  await checkpoint();
  // Dashboard, statistics and ingest on the database as it is now (the
  // measurement signs in by the implicit grant, which the server then allows).
  await measureStats('PostgreSQL', { OAUTH_ALLOW_IMPLICIT: 'true', ...env, KEEP: '1' });
  if (CONVERSION) await measureConversion(env, checkpoint);
}

/**
 * The first start's conversion of an installation's one table of events:
 * the events put back into one table as before the release (not measured),
 * then converted as the start does it, with its time and WAL.
 */
export async function measureConversion(env, checkpoint) {
  const { partitionEventsTable } = await server('platform/db/event-partitions.js');
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    await client.query('alter table participation_events rename to events_partitioned');
    await client.query(
      'alter table events_partitioned rename constraint participation_events_occurred_at_id_pk to events_partitioned_pk',
    );
    await client.query(
      'alter index participation_events_participant_idx rename to events_partitioned_participant_idx',
    );
    await client.query(
      `create table participation_events (like events_partitioned including defaults);
       insert into participation_events select * from events_partitioned;
       drop table events_partitioned;
       alter table participation_events add constraint participation_events_occurred_at_id_pk
         primary key (occurred_at, id);
       create index participation_events_participant_idx on participation_events (participant_id)
         where participant_id is not null`,
    );
    await client.query('vacuum analyze participation_events');
    const { rows } = await client.query(
      'select count(*)::bigint as events from participation_events',
    );
    await checkpoint();
    const lsn = await walNow(client);
    const started = performance.now();
    await partitionEventsTable((text) => client.query(text));
    console.log(
      `  conversion at the first start: ${rows[0].events} events in ${seconds(started)} s, WAL ${mb(await walSince(client, lsn))} MB`,
    );
  } finally {
    await client.end();
  }
}

export async function benchPartitions() {
  await onFreshPostgres('event partitions', measure);
}
