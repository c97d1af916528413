/**
 * Generates participation data at volume (benchmarks, evaluation) into a
 * database that has none yet: people with profiles, raw events with their
 * receipts over the runtimes of running and ended campaigns (weekends
 * busier), and the first
 * participations, daily rollups (counts and kid statistics) and campaign
 * counters that ingest would have kept for them.
 *
 * Built for ten million participations within minutes: each batch of
 * campaigns is generated once into a temporary table and everything else is
 * computed from it (never from the growing event table), and the bulk-loaded
 * tables get their indexes back only at the end (one sort per index instead
 * of millions of scattered inserts), as a bulk load into PostgreSQL is done.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_EVENT_RECEIPT_DAYS } from '../../platform/config/config.js';
import { withoutTips } from '../../platform/access/merchant-access.js';
import { queryRows, type Db } from '../../platform/db/client.js';
import { ensureEventPartitions, monthStart } from '../../platform/db/event-partitions.js';

export interface ParticipationOptions {
  participations: number;
  /** Time zone the rollups' days are counted in. */
  timeZone: string;
  /** Called after each batch of campaigns with the share done (0–1). */
  progress?: (done: number) => void;
}

const CAMPAIGN_BATCH = 5000;

/** The tables loaded in bulk: their keys and indexes are built after the load. */
const BULK_TABLES = [
  'participation_events',
  'event_receipts',
  'campaign_participants',
  'merchant_participants',
  'merchant_participants_without_tips',
];

export class GeneratorRefusal extends Error {}

/** Refuses a database that holds participation data already (the generator fills one without). */
export async function assertNoParticipationData(db: Db): Promise<void> {
  const [{ present } = { present: false }] = await queryRows<{ present: boolean }>(
    db,
    sql`select exists (select 1 from participation_events) or exists (select 1 from campaign_daily_stats) as present`,
  );
  if (present) {
    throw new GeneratorRefusal(
      'The database holds participation data already; the generator fills a database without any.',
    );
  }
}

export async function generateParticipations(db: Db, options: ParticipationOptions): Promise<void> {
  await assertNoParticipationData(db);
  const targets = await queryRows<{ id: string }>(
    db,
    sql`select id from campaigns where status in ('active', 'ended') and valid_from < now() order by id`,
  );
  if (targets.length === 0 || options.participations <= 0) return;
  const perCampaign = Math.max(1, Math.round(options.participations / targets.length));
  // About one person for every four participations, shared by every merchant.
  const people = Math.max(10, Math.round(options.participations / 4));
  await db.execute(sql`
    insert into participants (id, gender, birth_year, kids)
    select 'p' || i,
           (array['female', 'male', 'diverse', null])[1 + (i % 4)],
           1950 + (i::bigint * 7919) % 55,
           case when i % 3 = 0 then '[]'::jsonb
                else jsonb_build_array(jsonb_build_object('gender', case when i % 2 = 0 then 'female' else 'male' end,
                                                          'birth_year', extract(year from now())::int - 1 - (i % 14))) end
    from generate_series(1, ${people}) i
    on conflict do nothing`);

  // PostgreSQL: the months the events fall in get their partitions (back two years at most).
  const [span] = await queryRows<{ earliest: Date | string | null }>(
    db,
    sql`select min(valid_from) as earliest from campaigns where status in ('active', 'ended')`,
  );
  const twoYearsAgo = monthStart(new Date(), -24);
  const earliest = span?.earliest ? new Date(span.earliest) : new Date();
  await ensureEventPartitions(db, new Date(), earliest < twoYearsAgo ? twoYearsAgo : earliest);
  await withIndexesBuiltAfter(db, BULK_TABLES, async () => {
    for (let start = 0; start < targets.length; start += CAMPAIGN_BATCH) {
      const first = targets[start]?.id ?? '';
      const last = targets[Math.min(start + CAMPAIGN_BATCH, targets.length) - 1]?.id ?? '';
      await generateBatch(db, { first, last, perCampaign, people, timeZone: options.timeZone });
      options.progress?.(Math.min(1, (start + CAMPAIGN_BATCH) / targets.length));
    }
    await generateMerchantRows(db, options.timeZone);
  });
  // Planner statistics and the visibility map, as autovacuum keeps them in a
  // database in use: without the map the statistics' index-only scans visit
  // every heap page (the kid statistics of a year: 150 ms instead of 2 ms).
  await db.execute(sql`vacuum analyze`);
}

/** The events of the campaigns with ids from `first` to `last`, and what ingest would keep of them. */
async function generateBatch(
  db: Db,
  batch: { first: string; last: string; perCampaign: number; people: number; timeZone: string },
): Promise<void> {
  const tz = batch.timeZone;
  await db.transaction(async (tx) => {
    // As many views as participations, spread over each runtime: a power of a
    // random number leans toward the start; about 30 % of weekday events are dropped.
    await tx.execute(sql`
      create temporary table batch_events on commit drop as
      select gen_random_uuid() as id, at as occurred_at, kind as type, c.id as campaign_id, c.merchant_id,
             case when kind = 'participation' then 'p' || (1 + floor(random() * ${batch.people})::int) end as participant_id,
             (at at time zone ${tz})::date as day
      from campaigns c
      cross join lateral (
        select c.valid_from + (least(c.valid_until, now()) - c.valid_from) * power(random(), 1.3) as at,
               case when n % 2 = 0 then 'participation' when n % 8 in (1, 3) then 'view_list'
                    when n % 8 = 5 then 'view_detail' else 'view_mail' end as kind
        from generate_series(1, ${Math.round(batch.perCampaign * 2.5)}) n
      ) e
      where c.id between ${batch.first}::uuid and ${batch.last}::uuid
        and c.status in ('active', 'ended') and c.valid_from < now()
        and (extract(isodow from at) >= 6 or random() < 0.7)`);
    await tx.execute(sql`
      insert into participation_events (id, occurred_at, type, campaign_id, merchant_id, participant_id)
      select id, occurred_at, type, campaign_id, merchant_id, participant_id from batch_events`);
    // The receipts of the events of the last days, as ingest would have taken
    // them when they happened: a resend of a recent generated event is a duplicate.
    await tx.execute(sql`
      insert into event_receipts (id, expires_at)
      select id, occurred_at + make_interval(days => ${DEFAULT_EVENT_RECEIPT_DAYS}::int) from batch_events
      where occurred_at > now() - make_interval(days => ${DEFAULT_EVENT_RECEIPT_DAYS}::int)`);
    await tx.execute(sql`
      create temporary table batch_firsts on commit drop as
      select campaign_id, merchant_id, participant_id, min(occurred_at) as first_at,
             (min(occurred_at) at time zone ${tz})::date as day
      from batch_events where type = 'participation' group by 1, 2, 3`);
    await tx.execute(sql`
      insert into campaign_participants (campaign_id, participant_id, first_at)
      select campaign_id, participant_id, first_at from batch_firsts`);
    await tx.execute(sql`
      insert into campaign_daily_kid_stats (campaign_id, merchant_id, day, kind, gender, birth_year, count)
      select f.campaign_id, f.merchant_id, f.day, k.kind, k.gender, k.birth_year, count(*)
      from batch_firsts f join participants who on who.id = f.participant_id
      cross join lateral participant_kid_facts(who.gender, who.kids) k
      group by 1, 2, 3, 4, 5, 6`);
    await tx.execute(sql`
      insert into campaign_daily_stats (campaign_id, merchant_id, day, participations, first_participations, view_list, view_detail, view_mail)
      select e.campaign_id, e.merchant_id, e.day,
             count(*) filter (where e.type = 'participation'), coalesce(max(f.firsts), 0),
             count(*) filter (where e.type = 'view_list'),
             count(*) filter (where e.type = 'view_detail'),
             count(*) filter (where e.type = 'view_mail')
      from batch_events e
      left join (select campaign_id, day, count(*) as firsts from batch_firsts group by 1, 2) f
        on f.campaign_id = e.campaign_id and f.day = e.day
      group by 1, 2, 3`);
    await tx.execute(sql`
      insert into campaign_counters (campaign_id, participations, distinct_users, view_list, view_detail, view_mail)
      select campaign_id, sum(participations), sum(first_participations), sum(view_list), sum(view_detail), sum(view_mail)
      from campaign_daily_stats
      where campaign_id between ${batch.first}::uuid and ${batch.last}::uuid
      group by 1`);
  });
}

/** Per merchant: first participations with the merchant, their kid statistics, and the daily rollup. */
async function generateMerchantRows(db: Db, tz: string): Promise<void> {
  await db.execute(sql`
    insert into merchant_participants (merchant_id, participant_id, first_at)
    select c.merchant_id, p.participant_id, min(p.first_at)
    from campaign_participants p join campaigns c on c.id = p.campaign_id group by 1, 2`);
  await db.execute(sql`
    insert into merchant_participants_without_tips (merchant_id, participant_id, first_at)
    select c.merchant_id, p.participant_id, min(p.first_at)
    from campaign_participants p join campaigns c on c.id = p.campaign_id
    where ${withoutTips(sql`c.type`)} group by 1, 2`);
  await db.execute(sql`
    insert into merchant_daily_kid_stats (merchant_id, day, kind, gender, birth_year, count)
    select m.merchant_id, (m.first_at at time zone ${tz})::date, f.kind, f.gender, f.birth_year, count(*)
    from merchant_participants m join participants who on who.id = m.participant_id
    cross join lateral participant_kid_facts(who.gender, who.kids) f
    group by 1, 2, 3, 4, 5`);
  await db.execute(sql`
    insert into merchant_daily_stats (merchant_id, day, participations, first_participations, view_list, view_detail, view_mail,
      new_participants, new_participants_without_tips)
    select d.merchant_id, d.day, sum(d.participations), sum(d.first_participations), sum(d.view_list),
           sum(d.view_detail), sum(d.view_mail), coalesce(max(n.firsts), 0), coalesce(max(w.firsts), 0)
    from campaign_daily_stats d
    left join (select merchant_id, (first_at at time zone ${tz})::date as day, count(*) as firsts
               from merchant_participants group by 1, 2) n on n.merchant_id = d.merchant_id and n.day = d.day
    left join (select merchant_id, (first_at at time zone ${tz})::date as day, count(*) as firsts
               from merchant_participants_without_tips group by 1, 2) w on w.merchant_id = d.merchant_id and w.day = d.day
    group by 1, 2`);
}

interface IndexDefinition {
  table: string;
  name: string;
  /** `create index …` for an index, the constraint's definition for a key. */
  definition: string;
  isConstraint: boolean;
}

/**
 * Runs `load` with the tables' keys and indexes dropped, and builds them
 * again afterwards (also when the load fails, so the schema stays whole).
 */
async function withIndexesBuiltAfter(
  db: Db,
  tables: string[],
  load: () => Promise<void>,
): Promise<void> {
  const tableList = sql.join(
    tables.map((table) => sql`${table}`),
    sql`, `,
  );
  const indexes = await queryRows<IndexDefinition>(
    db,
    sql`select t.relname as table, i.relname as name,
               coalesce(pg_get_constraintdef(con.oid), pg_get_indexdef(i.oid)) as definition,
               con.oid is not null as "isConstraint"
        from pg_index x
        join pg_class i on i.oid = x.indexrelid
        join pg_class t on t.oid = x.indrelid
        join pg_namespace n on n.oid = t.relnamespace and n.nspname = current_schema()
        left join pg_constraint con on con.conindid = i.oid and con.contype in ('p', 'u')
        where t.relname in (${tableList})
        order by t.relname, i.relname`,
  );
  for (const index of indexes) {
    await db.execute(
      index.isConstraint
        ? sql`alter table ${sql.identifier(index.table)} drop constraint ${sql.identifier(index.name)}`
        : sql`drop index ${sql.identifier(index.name)}`,
    );
  }
  try {
    await load();
  } finally {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      for (const index of indexes) {
        await tx.execute(
          index.isConstraint
            ? sql`alter table ${sql.identifier(index.table)} add constraint ${sql.identifier(index.name)} ${sql.raw(index.definition)}`
            : // A partitioned table's index is defined `on only` the parent: built on every partition again.
              sql.raw(index.definition.replace(' ON ONLY ', ' ON ')),
        );
      }
    });
  }
}
