/**
 * Data access of event counting: participant profiles, first participations,
 * handled wins, the daily rollups and the campaign counters. Callers pass the
 * rows in sorted key order (so that concurrent batches queue instead of
 * deadlocking) and run these in the ingest transaction.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import {
  campaignDailyKidStats,
  campaignDailyStats,
  campaignParticipants,
  campaigns,
  merchantDailyKidStats,
  merchantDailyStats,
  merchantParticipants,
  participants,
  wins,
} from '../../db/schema.js';

export interface Counts {
  participations: number;
  firstParticipations: number;
  viewList: number;
  viewDetail: number;
  viewMail: number;
  newParticipants: number;
}

/** Marks the pending wins among the ids handled. */
export async function markWinsHandled(tx: DbOrTx, winIds: string[]): Promise<void> {
  await tx
    .update(wins)
    .set({ status: 'handled', handledAt: sql`now()` })
    .where(and(inArray(wins.id, winIds), eq(wins.status, 'pending')));
}

/** Locks the campaigns' rows in id order for the rest of the transaction. */
export async function lockCampaignsInIdOrder(tx: DbOrTx, ids: string[]): Promise<void> {
  await tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(inArray(campaigns.id, ids))
    .orderBy(campaigns.id)
    .for('update');
}

/** Adds to the counters of many campaigns in one statement. */
export async function addCampaignCounters(
  tx: DbOrTx,
  perCampaign: { id: string; counts: Counts }[],
): Promise<void> {
  const rows = sql.join(
    perCampaign.map(
      ({ id, counts }) =>
        sql`(${id}::uuid, ${counts.participations}::int, ${counts.firstParticipations}::int, ${counts.viewList}::int, ${counts.viewDetail}::int, ${counts.viewMail}::int)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${campaigns} set
      participations = ${campaigns.participations} + v.participations,
      distinct_users = ${campaigns.distinctUsers} + v.firsts,
      view_list = ${campaigns.viewList} + v.view_list,
      view_detail = ${campaigns.viewDetail} + v.view_detail,
      view_mail = ${campaigns.viewMail} + v.view_mail
    from (values ${rows}) as v(id, participations, firsts, view_list, view_detail, view_mail)
    where ${campaigns.id} = v.id`);
}

/** Stores participants with their profile, in id order; a known participant's profile is replaced. */
export async function upsertParticipantProfiles(
  tx: DbOrTx,
  rows: Pick<typeof participants.$inferInsert, 'id' | 'gender' | 'birthYear' | 'kids'>[],
): Promise<void> {
  const batch = JSON.stringify(
    rows.map((row) => ({
      id: row.id,
      gender: row.gender,
      birth_year: row.birthYear,
      kids: row.kids,
    })),
  );
  await tx.execute(sql`
    insert into ${participants} (id, gender, birth_year, kids)
    select id, gender, birth_year, coalesce(kids, '[]'::jsonb)
    from jsonb_to_recordset(${batch}::jsonb) as p(id text, gender text, birth_year int, kids jsonb)
    order by id
    on conflict (id) do update set
      gender = excluded.gender, birth_year = excluded.birth_year, kids = excluded.kids, updated_at = now()`);
}

/** Stores participants without a profile, in id order; known ones stay as they are. */
export async function insertBareParticipants(tx: DbOrTx, ids: string[]): Promise<void> {
  await tx.execute(sql`
    insert into ${participants} (id)
    select id from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as p(id)
    order by id
    on conflict do nothing`);
}

/**
 * Inserts (owner, participant) pairs not yet known, in the given order, into
 * the campaign's or the merchant's first participations, and adds the kid
 * statistics of the participants this inserted (from their stored profile)
 * to the owner's day; one statement. Returns the pairs this call inserted.
 */
export async function insertFirstParticipations(
  tx: DbOrTx,
  owner: 'campaign' | 'merchant',
  pairs: { owner: string; merchant: string; participant: string; at: Date; day: string }[],
): Promise<{ owner: string; participant: string }[]> {
  const batch = JSON.stringify(
    pairs.map((c) => ({
      owner: c.owner,
      merchant: c.merchant,
      participant: c.participant,
      at: c.at.toISOString(),
      day: c.day,
    })),
  );
  const input = sql`jsonb_to_recordset(${batch}::jsonb) as c(owner uuid, merchant uuid, participant text, at timestamptz, day date)`;
  const kidStats =
    owner === 'campaign'
      ? sql`insert into ${campaignDailyKidStats} (campaign_id, merchant_id, day, kind, gender, birth_year, count)
            select c.owner, c.merchant, c.day, f.kind, f.gender, f.birth_year, count(*)::int
            from firsts join ${input} on c.owner = firsts.owner and c.participant = firsts.participant
            join ${participants} p on p.id = c.participant
            cross join lateral participant_kid_facts(p.gender, p.kids) f
            group by 1, 2, 3, 4, 5, 6 order by 1, 3, 4, 5, 6
            on conflict (campaign_id, day, kind, gender, birth_year)
            do update set count = ${campaignDailyKidStats.count} + excluded.count`
      : sql`insert into ${merchantDailyKidStats} (merchant_id, day, kind, gender, birth_year, count)
            select c.owner, c.day, f.kind, f.gender, f.birth_year, count(*)::int
            from firsts join ${input} on c.owner = firsts.owner and c.participant = firsts.participant
            join ${participants} p on p.id = c.participant
            cross join lateral participant_kid_facts(p.gender, p.kids) f
            group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
            on conflict (merchant_id, day, kind, gender, birth_year)
            do update set count = ${merchantDailyKidStats.count} + excluded.count`;
  const table = owner === 'campaign' ? campaignParticipants : merchantParticipants;
  const ownerColumn = owner === 'campaign' ? sql`campaign_id` : sql`merchant_id`;
  // One JSON parameter for the whole batch; the rows go in sorted order.
  return queryRows<{ owner: string; participant: string }>(
    tx,
    sql`with firsts as (
          insert into ${table} (${ownerColumn}, participant_id, first_at)
          select owner, participant, at from ${input}
          order by owner, participant
          on conflict do nothing
          returning ${ownerColumn} as owner, participant_id as participant
        ), kid_stats as (${kidStats})
        select owner::text as owner, participant from firsts`,
  );
}

/** Rollup rows as one JSON parameter (a few thousand bound values would cost more to send and plan). */
const rollupBatch = (rows: { key: object; counts: Counts }[]) =>
  JSON.stringify(
    rows.map(({ key, counts }) => ({
      ...key,
      participations: counts.participations,
      first_participations: counts.firstParticipations,
      view_list: counts.viewList,
      view_detail: counts.viewDetail,
      view_mail: counts.viewMail,
      new_participants: counts.newParticipants,
    })),
  );

const COUNT_COLUMNS = sql.raw(
  'participations int, first_participations int, view_list int, view_detail int, view_mail int, new_participants int',
);

/** Adds to the daily rollups of campaigns, in key order. */
export async function addCampaignDayRollups(
  tx: DbOrTx,
  rows: { key: { campaign: string; merchant: string; day: string }; counts: Counts }[],
): Promise<void> {
  const t = campaignDailyStats;
  await tx.execute(sql`
    insert into ${t} (campaign_id, merchant_id, day, participations, first_participations, view_list, view_detail, view_mail)
    select campaign, merchant, day, participations, first_participations, view_list, view_detail, view_mail
    from jsonb_to_recordset(${rollupBatch(rows)}::jsonb) as r(campaign uuid, merchant uuid, day date, ${COUNT_COLUMNS})
    order by campaign, day
    on conflict (campaign_id, day) do update set
      participations = ${t.participations} + excluded.participations,
      first_participations = ${t.firstParticipations} + excluded.first_participations,
      view_list = ${t.viewList} + excluded.view_list,
      view_detail = ${t.viewDetail} + excluded.view_detail,
      view_mail = ${t.viewMail} + excluded.view_mail`);
}

/** Adds to the daily rollups of merchants, in key order. */
export async function addMerchantDayRollups(
  tx: DbOrTx,
  rows: { key: { merchant: string; day: string }; counts: Counts }[],
): Promise<void> {
  const t = merchantDailyStats;
  await tx.execute(sql`
    insert into ${t} (merchant_id, day, participations, first_participations, view_list, view_detail, view_mail, new_participants)
    select merchant, day, participations, first_participations, view_list, view_detail, view_mail, new_participants
    from jsonb_to_recordset(${rollupBatch(rows)}::jsonb) as r(merchant uuid, day date, ${COUNT_COLUMNS})
    order by merchant, day
    on conflict (merchant_id, day) do update set
      participations = ${t.participations} + excluded.participations,
      first_participations = ${t.firstParticipations} + excluded.first_participations,
      view_list = ${t.viewList} + excluded.view_list,
      view_detail = ${t.viewDetail} + excluded.view_detail,
      view_mail = ${t.viewMail} + excluded.view_mail,
      new_participants = ${t.newParticipants} + excluded.new_participants`);
}
