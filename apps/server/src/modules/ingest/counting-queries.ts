/**
 * Data access of event counting: participant profiles, first participations,
 * handled wins, the daily rollups and the campaign counters. Callers pass the
 * rows in sorted key order (so that concurrent batches queue instead of
 * deadlocking) and run these in the ingest transaction.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import {
  campaignDailyStats,
  campaignParticipants,
  campaigns,
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

/** Stores participants with their profile; a known participant's profile is replaced. */
export async function upsertParticipantProfiles(
  tx: DbOrTx,
  rows: Pick<typeof participants.$inferInsert, 'id' | 'gender' | 'birthYear' | 'kids'>[],
): Promise<void> {
  await tx
    .insert(participants)
    .values(rows)
    .onConflictDoUpdate({
      target: participants.id,
      set: {
        gender: sql`excluded.gender`,
        birthYear: sql`excluded.birth_year`,
        kids: sql`excluded.kids`,
        updatedAt: sql`now()`,
      },
    });
}

/** Stores participants without a profile; known ones stay as they are. */
export async function insertBareParticipants(tx: DbOrTx, ids: string[]): Promise<void> {
  await tx
    .insert(participants)
    .values(ids.map((id) => ({ id })))
    .onConflictDoNothing();
}

/**
 * Inserts (owner, participant) pairs not yet known, in the given order, into
 * the campaign's or the merchant's first participations; the pairs this call inserted.
 */
export async function insertFirstParticipations(
  tx: DbOrTx,
  owner: 'campaign' | 'merchant',
  pairs: { owner: string; participant: string; at: Date }[],
): Promise<{ owner: string; participant: string }[]> {
  const table = owner === 'campaign' ? campaignParticipants : merchantParticipants;
  const batch = JSON.stringify(
    pairs.map((c) => ({ owner: c.owner, participant: c.participant, at: c.at.toISOString() })),
  );
  const ownerColumn = table === campaignParticipants ? sql`campaign_id` : sql`merchant_id`;
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

const addCounts = (table: typeof campaignDailyStats | typeof merchantDailyStats) => ({
  participations: sql`${table.participations} + excluded.participations`,
  firstParticipations: sql`${table.firstParticipations} + excluded.first_participations`,
  viewList: sql`${table.viewList} + excluded.view_list`,
  viewDetail: sql`${table.viewDetail} + excluded.view_detail`,
  viewMail: sql`${table.viewMail} + excluded.view_mail`,
});

/** Adds to the daily rollups of campaigns. */
export async function addCampaignDayRollups(
  tx: DbOrTx,
  rows: { key: { campaign: string; merchant: string; day: string }; counts: Counts }[],
): Promise<void> {
  await tx
    .insert(campaignDailyStats)
    .values(
      rows.map(({ key, counts }) => ({
        campaignId: key.campaign,
        merchantId: key.merchant,
        day: key.day,
        participations: counts.participations,
        firstParticipations: counts.firstParticipations,
        viewList: counts.viewList,
        viewDetail: counts.viewDetail,
        viewMail: counts.viewMail,
      })),
    )
    .onConflictDoUpdate({
      target: [campaignDailyStats.campaignId, campaignDailyStats.day],
      set: addCounts(campaignDailyStats),
    });
}

/** Adds to the daily rollups of merchants. */
export async function addMerchantDayRollups(
  tx: DbOrTx,
  rows: { key: { merchant: string; day: string }; counts: Counts }[],
): Promise<void> {
  await tx
    .insert(merchantDailyStats)
    .values(rows.map(({ key, counts }) => ({ merchantId: key.merchant, day: key.day, ...counts })))
    .onConflictDoUpdate({
      target: [merchantDailyStats.merchantId, merchantDailyStats.day],
      set: {
        ...addCounts(merchantDailyStats),
        newParticipants: sql`${merchantDailyStats.newParticipants} + excluded.new_participants`,
      },
    });
}
