/**
 * Data access of event counting: participant profiles, first participations,
 * handled wins, and what a batch adds to the statistics (appended to the
 * delta tables, which the fold in fold.ts moves into the rollups and the
 * counters). Callers pass the rows in sorted key order (so that concurrent
 * batches queue instead of deadlocking where they meet: first participations
 * and profiles of the same people) and run these in the ingest transaction.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../platform/db/client.js';
import {
  campaignParticipants,
  kidStatDeltas,
  merchantParticipants,
  merchantParticipantsWithoutTips,
  participants,
  statDeltas,
  wins,
} from '../../platform/db/schema.js';

export interface Counts {
  participations: number;
  firstParticipations: number;
  viewList: number;
  viewDetail: number;
  viewMail: number;
  newParticipants: number;
  newParticipantsWithoutTips: number;
}

/** Marks the pending wins among the ids handled. */
export async function markWinsHandled(tx: DbOrTx, winIds: string[]): Promise<void> {
  await tx
    .update(wins)
    .set({ status: 'handled', handledAt: sql`now()` })
    .where(and(inArray(wins.id, winIds), eq(wins.status, 'pending')));
}

/**
 * Stores participants with their profile, in id order; a known participant's
 * profile is replaced by one that came with an event at the same time or later.
 */
export async function upsertParticipantProfiles(
  tx: DbOrTx,
  rows: (Pick<typeof participants.$inferInsert, 'id' | 'gender' | 'birthYear' | 'kids'> & {
    /** When the event the profile came with happened. */
    at: Date;
  })[],
): Promise<void> {
  const batch = JSON.stringify(
    rows.map((row) => ({
      id: row.id,
      gender: row.gender,
      birth_year: row.birthYear,
      kids: row.kids,
      event_at: row.at.toISOString(),
    })),
  );
  // The profile of the latest event wins, whatever order the batches come
  // in: an old event arriving late leaves a newer profile as it is.
  await tx.execute(sql`
    insert into ${participants} (id, gender, birth_year, kids, profile_at)
    select p.id, p.gender, p.birth_year, coalesce(p.kids, '[]'::jsonb), p.event_at
    from jsonb_to_recordset(${batch}::jsonb)
      as p(id text, gender text, birth_year int, kids jsonb, event_at timestamptz)
    order by p.id
    on conflict (id) do update set
      gender = excluded.gender, birth_year = excluded.birth_year, kids = excluded.kids,
      profile_at = excluded.profile_at, updated_at = now()
    where ${participants.profileAt} is null or ${participants.profileAt} <= excluded.profile_at`);
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
 * Records each participation (sorted by merchant and participant) as its
 * participant's first with the merchant's campaigns that are no tip, unless
 * an earlier one is known: the ones that became the first, with the time of
 * the first each replaced (undefined for a participant new to them).
 */
export async function lowerFirstsWithoutTips<
  T extends { merchant: string; participant: string; at: Date },
>(tx: DbOrTx, participations: T[]): Promise<{ participation: T; replaced?: Date }[]> {
  if (participations.length === 0) return [];
  const batch = JSON.stringify(
    participations.map((p) => ({
      merchant: p.merchant,
      participant: p.participant,
      at: p.at.toISOString(),
    })),
  );
  const t = merchantParticipantsWithoutTips;
  // One statement: the row's lock orders concurrent batches, and the replaced
  // time is the one this statement saw (set from the old row in the update).
  const rows = await queryRows<{ merchant: string; participant: string; replaced: string | null }>(
    tx,
    sql`insert into ${t} as t (merchant_id, participant_id, first_at)
        select merchant, participant, at
        from jsonb_to_recordset(${batch}::jsonb) as c(merchant uuid, participant text, at timestamptz)
        order by merchant, participant
        on conflict (merchant_id, participant_id) do update
          set first_at = excluded.first_at, replaced_first_at = t.first_at
          where excluded.first_at < t.first_at
        returning t.merchant_id::text as merchant, t.participant_id as participant,
          to_json(t.replaced_first_at) #>> '{}' as replaced`,
  );
  const byKey = new Map(participations.map((p) => [`${p.merchant}|${p.participant}`, p]));
  return rows.flatMap((row) => {
    const participation = byKey.get(`${row.merchant}|${row.participant}`);
    if (!participation) return [];
    return [
      row.replaced === null
        ? { participation }
        : { participation, replaced: new Date(row.replaced) },
    ];
  });
}

/** A participant first seen in a campaign (or, `campaign` null, with a merchant) on a day. */
export interface FirstSeen {
  campaign: string | null;
  merchant: string;
  participant: string;
  day: string;
  profile?: { gender?: string | null; kids?: unknown[] | undefined } | undefined;
}

/** What a batch adds to one campaign's statistics of one day. */
export interface CampaignDayDelta {
  campaign: string;
  merchant: string;
  day: string;
  counts: Counts;
}

/**
 * Appends, in one statement, a batch's additions per campaign and day and the
 * kid statistics of the participants it saw first (per campaign, or per
 * merchant with `campaign_id` null): from the profile their event came with,
 * else from the stored one, else as a person without details.
 */
export async function appendDeltas(
  tx: DbOrTx,
  rows: CampaignDayDelta[],
  firsts: FirstSeen[],
): Promise<void> {
  const kids = JSON.stringify(
    firsts.map((c) => ({
      campaign: c.campaign,
      merchant: c.merchant,
      participant: c.participant,
      day: c.day,
      given: c.profile !== undefined,
      gender: c.profile?.gender ?? null,
      kids: c.profile?.kids ?? [],
    })),
  );
  const counts = JSON.stringify(
    rows.map(({ campaign, merchant, day, counts }) => ({
      campaign,
      merchant,
      day,
      participations: counts.participations,
      first_participations: counts.firstParticipations,
      view_list: counts.viewList,
      view_detail: counts.viewDetail,
      view_mail: counts.viewMail,
      new_participants: counts.newParticipants,
      new_participants_without_tips: counts.newParticipantsWithoutTips,
    })),
  );
  await tx.execute(sql`
    with kid_rows as (
      insert into ${kidStatDeltas} (campaign_id, merchant_id, day, kind, gender, birth_year, count)
      select c.campaign, c.merchant, c.day, f.kind, f.gender, f.birth_year, count(*)::int
      from jsonb_to_recordset(${kids}::jsonb)
        as c(campaign uuid, merchant uuid, participant text, day date, given boolean, gender text, kids jsonb)
      left join ${participants} p on p.id = c.participant
      cross join lateral participant_kid_facts(case when c.given then c.gender else p.gender end,
        case when c.given then c.kids else coalesce(p.kids, '[]'::jsonb) end) f
      group by 1, 2, 3, 4, 5, 6
    )
    insert into ${statDeltas} (campaign_id, merchant_id, day, participations, first_participations,
      view_list, view_detail, view_mail, new_participants, new_participants_without_tips)
    select campaign, merchant, day, participations, first_participations, view_list, view_detail, view_mail,
      new_participants, new_participants_without_tips
    from jsonb_to_recordset(${counts}::jsonb) as r(campaign uuid, merchant uuid, day date,
      participations int, first_participations int, view_list int, view_detail int, view_mail int,
      new_participants int, new_participants_without_tips int)`);
}
