/**
 * Generates participation data at volume (benchmarks, evaluation): people
 * with profiles, raw events over the runtimes of running and ended
 * campaigns (weekends busier, a winter peak), and the receipts, first
 * participations, daily rollups (counts and kid statistics) and campaign counters that ingest would have
 * kept for them. Set-based SQL in batches of campaigns, so that ten million
 * participations load into PostgreSQL within minutes.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';

export interface ParticipationOptions {
  participations: number;
  /** Time zone the rollups' days are counted in. */
  timeZone: string;
}

const CAMPAIGN_BATCH = 2000;

export async function generateParticipations(db: Db, options: ParticipationOptions): Promise<void> {
  const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from campaigns where status in ('active', 'ended') and valid_from < now()`,
  );
  if (total === 0 || options.participations <= 0) return;
  const perCampaign = Math.max(1, Math.round(options.participations / total));
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
  // The counters come from the events alone (the campaign generator guesses some).
  await db.execute(
    sql`update campaigns set participations = 0, distinct_users = 0, view_list = 0, view_detail = 0, view_mail = 0`,
  );
  const tz = options.timeZone;
  for (let offset = 0; offset < total; offset += CAMPAIGN_BATCH) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        create temporary table batch_campaigns on commit drop as
        select id, merchant_id, valid_from, least(valid_until, now()) as until
        from campaigns where status in ('active', 'ended') and valid_from < now()
        order by id limit ${CAMPAIGN_BATCH} offset ${offset}`);
      // As many views as participations, spread over each runtime: a power of a
      // random number leans toward the start; about 30 % of weekday events are dropped.
      await tx.execute(sql`
        insert into participation_events (id, occurred_at, type, campaign_id, merchant_id, participant_id)
        select gen_random_uuid(), at, kind, c.id, c.merchant_id,
               case when kind = 'participation' then 'p' || (1 + floor(random() * ${people})::int) end
        from batch_campaigns c
        cross join lateral (
          select c.valid_from + (c.until - c.valid_from) * power(random(), 1.3) as at,
                 case when n % 2 = 0 then 'participation' when n % 8 in (1, 3) then 'view_list'
                      when n % 8 = 5 then 'view_detail' else 'view_mail' end as kind
          from generate_series(1, ${Math.round(perCampaign * 2.5)}) n
        ) e
        where extract(isodow from at) >= 6 or random() < 0.7`);
      await tx.execute(sql`
        insert into event_receipts (id, occurred_at)
        select e.id, e.occurred_at from participation_events e join batch_campaigns c on c.id = e.campaign_id`);
      await tx.execute(sql`
        insert into campaign_participants (campaign_id, participant_id, first_at)
        select e.campaign_id, e.participant_id, min(e.occurred_at)
        from participation_events e join batch_campaigns c on c.id = e.campaign_id
        where e.type = 'participation' group by 1, 2`);
      await tx.execute(sql`
        insert into campaign_daily_kid_stats (campaign_id, merchant_id, day, kind, gender, birth_year, count)
        select p.campaign_id, c.merchant_id, (p.first_at at time zone ${tz})::date, f.kind, f.gender, f.birth_year, count(*)
        from campaign_participants p join batch_campaigns c on c.id = p.campaign_id
        join participants who on who.id = p.participant_id
        cross join lateral participant_kid_facts(who.gender, who.kids) f
        group by 1, 2, 3, 4, 5, 6`);
      await tx.execute(sql`
        insert into campaign_daily_stats (campaign_id, merchant_id, day, participations, first_participations, view_list, view_detail, view_mail)
        select e.campaign_id, e.merchant_id, (e.occurred_at at time zone ${tz})::date,
               count(*) filter (where e.type = 'participation'), 0,
               count(*) filter (where e.type = 'view_list'),
               count(*) filter (where e.type = 'view_detail'),
               count(*) filter (where e.type = 'view_mail')
        from participation_events e join batch_campaigns c on c.id = e.campaign_id
        group by 1, 2, 3`);
      await tx.execute(sql`
        update campaign_daily_stats s set first_participations = f.firsts
        from (select p.campaign_id, (p.first_at at time zone ${tz})::date as day, count(*) as firsts
              from campaign_participants p join batch_campaigns c on c.id = p.campaign_id group by 1, 2) f
        where s.campaign_id = f.campaign_id and s.day = f.day`);
      await tx.execute(sql`
        update campaigns set
          participations = s.participations, distinct_users = s.firsts,
          view_list = s.view_list, view_detail = s.view_detail, view_mail = s.view_mail
        from (select campaign_id, sum(participations)::int as participations, sum(first_participations)::int as firsts,
                     sum(view_list)::int as view_list, sum(view_detail)::int as view_detail, sum(view_mail)::int as view_mail
              from campaign_daily_stats d join batch_campaigns c on c.id = d.campaign_id group by 1) s
        where campaigns.id = s.campaign_id`);
    });
  }
  // Per merchant: first participations with the merchant, and the daily rollup summed from the campaigns'.
  await db.execute(sql`
    insert into merchant_participants (merchant_id, participant_id, first_at)
    select c.merchant_id, p.participant_id, min(p.first_at)
    from campaign_participants p join campaigns c on c.id = p.campaign_id group by 1, 2
    on conflict do nothing`);
  await db.execute(sql`
    insert into merchant_daily_kid_stats (merchant_id, day, kind, gender, birth_year, count)
    select m.merchant_id, (m.first_at at time zone ${tz})::date, f.kind, f.gender, f.birth_year, count(*)
    from merchant_participants m join participants who on who.id = m.participant_id
    cross join lateral participant_kid_facts(who.gender, who.kids) f
    group by 1, 2, 3, 4, 5
    on conflict (merchant_id, day, kind, gender, birth_year) do update set count = excluded.count`);
  await db.execute(sql`
    insert into merchant_daily_stats (merchant_id, day, participations, first_participations, view_list, view_detail, view_mail, new_participants)
    select merchant_id, day, sum(participations), sum(first_participations), sum(view_list), sum(view_detail), sum(view_mail), 0
    from campaign_daily_stats group by 1, 2
    on conflict (merchant_id, day) do update set
      participations = excluded.participations, first_participations = excluded.first_participations,
      view_list = excluded.view_list, view_detail = excluded.view_detail, view_mail = excluded.view_mail`);
  await db.execute(sql`
    update merchant_daily_stats s set new_participants = f.firsts
    from (select merchant_id, (first_at at time zone ${tz})::date as day, count(*) as firsts
          from merchant_participants group by 1, 2) f
    where s.merchant_id = f.merchant_id and s.day = f.day`);
  await db.execute(sql`analyze`);
}
