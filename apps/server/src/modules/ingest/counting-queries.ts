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

/**
 * Inserts (owner, participant) pairs not yet known, in the given order, into
 * the campaign's or the merchant's first participations; the pairs this call
 * inserted. Their keys are the batch's own participants, so concurrent
 * batches rarely meet here.
 */
export async function insertFirstParticipations(
  tx: DbOrTx,
  owner: 'campaign' | 'merchant',
  pairs: { owner: string; participant: string; at: Date }[],
): Promise<{ owner: string; participant: string }[]> {
  const batch = JSON.stringify(
    pairs.map((c) => ({ owner: c.owner, participant: c.participant, at: c.at.toISOString() })),
  );
  const table = owner === 'campaign' ? campaignParticipants : merchantParticipants;
  const ownerColumn = owner === 'campaign' ? sql`campaign_id` : sql`merchant_id`;
  // One JSON parameter for the whole batch; the rows go in sorted order.
  return queryRows<{ owner: string; participant: string }>(
    tx,
    sql`insert into ${table} (${ownerColumn}, participant_id, first_at)
        select owner, participant, at
        from jsonb_to_recordset(${batch}::jsonb) as c(owner uuid, participant text, at timestamptz)
        order by owner, participant
        on conflict do nothing
        returning ${ownerColumn}::text as owner, participant_id as participant`,
  );
}

/**
 * Adds the kid statistics of participants first seen in a campaign (or with
 * a merchant) that day, in key order: from the profile their event came
 * with, else from the stored one, else as a person without details. Its rows
 * are shared by every batch of the day, so it runs with the other rollups,
 * at the end of the transaction.
 */
export async function addKidStats(
  tx: DbOrTx,
  owner: 'campaign' | 'merchant',
  firsts: {
    owner: string;
    merchant: string;
    participant: string;
    day: string;
    profile?: { gender?: string | null; kids?: unknown[] | undefined } | undefined;
  }[],
): Promise<void> {
  const batch = JSON.stringify(
    firsts.map((c) => ({
      owner: c.owner,
      merchant: c.merchant,
      participant: c.participant,
      day: c.day,
      given: c.profile !== undefined,
      gender: c.profile?.gender ?? null,
      kids: c.profile?.kids ?? [],
    })),
  );
  const input = sql`jsonb_to_recordset(${batch}::jsonb)
    as c(owner uuid, merchant uuid, participant text, day date, given boolean, gender text, kids jsonb)`;
  const facts = sql`participant_kid_facts(case when c.given then c.gender else p.gender end,
    case when c.given then c.kids else coalesce(p.kids, '[]'::jsonb) end) f`;
  await tx.execute(
    owner === 'campaign'
      ? sql`insert into ${campaignDailyKidStats} (campaign_id, merchant_id, day, kind, gender, birth_year, count)
            select c.owner, c.merchant, c.day, f.kind, f.gender, f.birth_year, count(*)::int
            from ${input}
            left join ${participants} p on p.id = c.participant
            cross join lateral ${facts}
            group by 1, 2, 3, 4, 5, 6 order by 1, 3, 4, 5, 6
            on conflict (campaign_id, day, kind, gender, birth_year)
            do update set count = ${campaignDailyKidStats.count} + excluded.count`
      : sql`insert into ${merchantDailyKidStats} (merchant_id, day, kind, gender, birth_year, count)
            select c.owner, c.day, f.kind, f.gender, f.birth_year, count(*)::int
            from ${input}
            left join ${participants} p on p.id = c.participant
            cross join lateral ${facts}
            group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
            on conflict (merchant_id, day, kind, gender, birth_year)
            do update set count = ${merchantDailyKidStats.count} + excluded.count`,
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
