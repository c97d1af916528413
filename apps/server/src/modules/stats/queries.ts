/**
 * Statistics read from the rollups kept at ingest (never from raw events):
 * the dashboard's counts, the participation chart's buckets, the campaigns of
 * a range, and the kid statistics of a merchant's participants.
 */
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  PRIZE_DRAW_TYPES,
  type ParticipantGender,
  type TDashboardResponse,
  type Timerange,
  type TUsersKids,
} from '@backoffice/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type DbOrTx } from '../../db/client.js';
import {
  campaignDailyKidStats,
  campaignDailyStats,
  campaigns,
  merchantDailyKidStats,
  merchantDailyStats,
  wins,
  type KidStatKind,
} from '../../db/schema.js';

/** Campaigns per type and status, with the total prize value (cents) of sweepstakes. */
export async function campaignCounts(db: DbOrTx, merchantId: string) {
  const prizeValue = sql<number>`coalesce(sum(case when ${inArray(campaigns.type, [...PRIZE_DRAW_TYPES])} then (select coalesce(sum((p ->> 'value')::bigint * (p ->> 'count')::bigint), 0) from jsonb_array_elements(${campaigns.content} -> 'prizes') p) else 0 end), 0)`;
  const rows = await db
    .select({
      type: campaigns.type,
      status: campaigns.status,
      count: count(),
      sweeptotal: prizeValue.mapWith(Number),
    })
    .from(campaigns)
    .where(and(eq(campaigns.merchantId, merchantId), ne(campaigns.status, 'deleted')))
    .groupBy(campaigns.type, campaigns.status)
    .orderBy(asc(campaigns.type), asc(campaigns.status));
  return rows;
}

/** The dashboard's user and view counts; "today", "this month" and "this year" in the time zone. */
export async function userCounts(
  db: DbOrTx,
  merchantId: string,
  today: string,
): Promise<TDashboardResponse['users']> {
  const t = merchantDailyStats;
  const since = (unit: 'day' | 'month' | 'year') =>
    sql`coalesce(sum(${t.newParticipants}) filter (where ${t.day} >= date_trunc(${unit}, ${today}::date)::date and ${t.day} <= ${today}::date), 0)`.mapWith(
      Number,
    );
  const total = (column: AnyPgColumn) => sql`coalesce(sum(${column}), 0)`.mapWith(Number);
  const [row] = await db
    .select({
      day: since('day'),
      month: since('month'),
      year: since('year'),
      total: total(t.newParticipants),
      total_participations: total(t.participations),
      total_user_participations: total(t.firstParticipations),
      total_list_views: total(t.viewList),
      total_detail_views: total(t.viewDetail),
      total_mail_views: total(t.viewMail),
    })
    .from(t)
    .where(eq(t.merchantId, merchantId));
  return (
    row ?? {
      day: 0,
      month: 0,
      year: 0,
      total: 0,
      total_participations: 0,
      total_user_participations: 0,
      total_list_views: 0,
      total_detail_views: 0,
      total_mail_views: 0,
    }
  );
}

export async function openWins(db: DbOrTx, merchantId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(wins)
    .where(and(eq(wins.merchantId, merchantId), eq(wins.status, 'pending')));
  return row?.count ?? 0;
}

/** A bucket: week (from Monday), month or year, as a PostgreSQL interval and date_trunc unit. */
const step = (range: Timerange) => sql.raw(`interval '1 ${range}'`);

/**
 * The first day of each of `buckets` buckets from the one `start` lies in.
 * Calendar arithmetic on local dates (timestamps without time zone), so that
 * daylight-saving changes cannot shift a bucket.
 */
export async function bucketStarts(
  db: DbOrTx,
  range: Timerange,
  start: string,
  buckets: number,
): Promise<string[]> {
  const first = sql`date_trunc(${range}, ${start}::timestamp)`;
  const rows = await queryRows<{ day: string }>(
    db,
    sql`select to_char(gs, 'YYYY-MM-DD') as day from generate_series(${first}, ${first} + ${buckets - 1} * ${step(range)}, ${step(range)}) gs`,
  );
  return rows.map((row) => row.day);
}

/** The day after the last bucket. */
export function rangeEnd(range: Timerange, lastBucket: string): SQL {
  return sql`(${lastBucket}::timestamp + ${step(range)})::date`;
}

export interface BucketValue {
  bucket: string;
  key: string | null;
  value: number;
}

/** Participations (or first participations) per bucket: of some campaigns, or of the merchant. */
export async function participationSeries(
  db: DbOrTx,
  options: {
    merchantId: string;
    campaignIds: string[];
    range: Timerange;
    from: string;
    until: SQL;
    distinct: boolean;
  },
): Promise<BucketValue[]> {
  const { range, from, until } = options;
  if (options.campaignIds.length > 0) {
    const t = campaignDailyStats;
    const value = options.distinct ? t.firstParticipations : t.participations;
    return queryRows<BucketValue>(
      db,
      sql`select to_char(date_trunc(${range}, ${t.day}::timestamp), 'YYYY-MM-DD') as bucket, ${t.campaignId}::text as key, sum(${value})::int as value
          from ${t}
          where ${t.merchantId} = ${options.merchantId} and ${inArray(t.campaignId, options.campaignIds)}
            and ${t.day} >= ${from}::date and ${t.day} < ${until}
          group by 1, 2`,
    );
  }
  const t = merchantDailyStats;
  const value = options.distinct ? t.firstParticipations : t.participations;
  return queryRows<BucketValue>(
    db,
    sql`select to_char(date_trunc(${range}, ${t.day}::timestamp), 'YYYY-MM-DD') as bucket, null as key, sum(${value})::int as value
        from ${t}
        where ${t.merchantId} = ${options.merchantId} and ${t.day} >= ${from}::date and ${t.day} < ${until}
        group by 1`,
  );
}

/** The merchant's campaigns whose runtime touches the range, by end date (the chart's choice). */
export async function campaignsInRange(
  db: DbOrTx,
  merchantId: string,
  from: string,
  until: SQL,
  includeTips: boolean,
) {
  return db
    .select({ id: campaigns.id, title: campaigns.title, validUntil: campaigns.validUntil })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.merchantId, merchantId),
        ne(campaigns.status, 'deleted'),
        includeTips ? undefined : sql`${campaigns.type} not like 'tip/%'`,
        sql`${campaigns.validFrom} < ${until}`,
        sql`${campaigns.validUntil} >= ${from}::date`,
      ),
    )
    .orderBy(sql`${campaigns.validUntil} asc nulls last`, asc(campaigns.id))
    .limit(500);
}

/** Which of the ids are campaigns of the merchant. */
export async function campaignsOfMerchant(db: DbOrTx, merchantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: campaigns.id, title: campaigns.title, type: campaigns.type })
    .from(campaigns)
    .where(and(eq(campaigns.merchantId, merchantId), inArray(campaigns.id, ids)));
}

/**
 * Kid statistics of the participants who first took part in the range (in
 * the given campaigns, each counted on its own, or with the merchant), from
 * the daily kid rollups: their own gender, their youngest kid's gender and
 * age, every kid's gender and age. Ages in years in the year `today` lies in.
 */
export async function usersKids(
  db: DbOrTx,
  options: { merchantId: string; campaignIds: string[]; from: string; until: SQL; today: string },
): Promise<TUsersKids> {
  const t = options.campaignIds.length > 0 ? campaignDailyKidStats : merchantDailyKidStats;
  const rows = await db
    .select({
      kind: t.kind,
      gender: t.gender,
      birthYear: t.birthYear,
      count: sql<number>`sum(${t.count})::int`.mapWith(Number),
    })
    .from(t)
    .where(
      and(
        eq(t.merchantId, options.merchantId),
        options.campaignIds.length > 0
          ? inArray(campaignDailyKidStats.campaignId, options.campaignIds)
          : undefined,
        sql`${t.day} >= ${options.from}::date`,
        sql`${t.day} < ${options.until}`,
      ),
    )
    .groupBy(t.kind, t.gender, t.birthYear);
  const year = Number(options.today.slice(0, 4));
  const facts = rows
    .filter((row) => row.count > 0)
    .map((row) => ({
      kind: row.kind,
      gender: (row.gender === '' ? null : row.gender) as ParticipantGender | null,
      age: row.birthYear === 0 ? null : year - row.birthYear,
      count: row.count,
    }));
  const byGenderAge = (a: { gender: string | null; age: number | null }, b: typeof a) =>
    (a.age ?? Number.MAX_SAFE_INTEGER) - (b.age ?? Number.MAX_SAFE_INTEGER) ||
    (a.gender ?? '~').localeCompare(b.gender ?? '~');
  const of = (kind: KidStatKind) =>
    facts
      .filter((fact) => fact.kind === kind)
      .map(({ gender, age, count }) => ({ gender, age, count }))
      .sort(byGenderAge);
  return {
    person_gender: of('person').map(({ gender, count }) => ({ gender, count })),
    youngest_kid: of('youngest'),
    all_kids: of('kid'),
  };
}
