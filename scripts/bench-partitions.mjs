// Raw events partitioned by month on PostgreSQL (docs/decisions/046-event-partitions.md),
// used by bench.mjs (npm run bench -- partitions): on a fresh PostgreSQL
// database with the load generator's merchants, campaigns and rollups,
// BENCH_PARTITIONS_EVENTS raw events (30 million) spread over the last 12
// months are written straight into participation_events with generate_series;
// then
//  - the retention's purge of one month: the DELETE of a month's rows (one
//    statement: less than the old retention's 1,000-row steps cost) against the
//    retention dropping the next month's partition (detach, its participants
//    looked at, drop), each with its time and the WAL written;
//  - dashboard and statistics p99 and ingest events/s on that database
//    (bench-stats.mjs's measurement).
import pg from 'pg';
import { generate, onFreshPostgres } from './bench-helpers.mjs';
import { measureStats } from './bench-stats.mjs';
import { root } from './build-state.mjs';

const EVENTS = Number(process.env.BENCH_PARTITIONS_EVENTS ?? 30_000_000);
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
    await ensureEventPartitions(database.db, now, monthStart(now, -MONTHS));
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

    // The oldest month by DELETE, as the retention purged before; the next by dropping its partition.
    const oldest = eventPartition(monthStart(now, -MONTHS));
    const next = eventPartition(monthStart(now, -MONTHS + 1));
    const stats = { eventRetentionDays: 730, erasureBlockDays: 30 };
    // First, unmeasured, what the retention has to do before those months:
    // the generator's older events, its receipts, the sweep of its participants.
    await applyRetention({ db: database.db, stats }, new Date(oldest.from.getTime() + 730 * DAY));
    await checkpoint();
    let lsn = await walNow(client);
    started = performance.now();
    const deleted = await client.query(
      'delete from participation_events where occurred_at >= $1 and occurred_at < $2',
      [oldest.from.toISOString(), oldest.to.toISOString()],
    );
    const deleteSeconds = seconds(started);
    const deleteWal = await walSince(client, lsn);
    console.log(
      `  retention, one month by DELETE:       ${deleted.rowCount} events in ${deleteSeconds} s, WAL ${mb(deleteWal)} MB`,
    );
    await client.query(`drop table ${oldest.name}`);
    await checkpoint();
    lsn = await walNow(client);
    started = performance.now();
    // The limit at the end of that month: it lies wholly before, the next month not.
    const run = await applyRetention(
      { db: database.db, stats },
      new Date(next.to.getTime() + 730 * DAY),
    );
    const dropSeconds = seconds(started);
    const dropWal = await walSince(client, lsn);
    console.log(
      `  retention, one month by its partition: ${run.events} events (${run.partitions} partition) in ${dropSeconds} s, WAL ${mb(dropWal)} MB (participants looked at included)`,
    );
  } finally {
    await client.end();
    await database.close();
  }
  await checkpoint();
  // Dashboard, statistics and ingest on the database as it is now.
  await measureStats('PostgreSQL', { ...env, KEEP: '1' });
}

export async function benchPartitions() {
  await onFreshPostgres('event partitions', measure);
}
