/**
 * Statistics read from the rollups kept at ingest (never from raw events):
 * the dashboard's counts, the participation chart's buckets, the campaigns of
 * a range, and the kid statistics of a merchant's participants.
 */
import { and, asc, count, desc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  PRIZE_DRAW_TYPES,
  type ParticipantGender,
  type TDashboardResponse,
  type Timerange,
  type TUsersKids,
} from '@backoffice/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  hiddenCampaignsCondition,
  visibleCampaignsCondition,
  type CampaignVisibility,
} from '../../platform/access/merchant-access.js';
import { queryRows, type DbOrTx } from '../../platform/db/client.js';
import { prepared } from '../../platform/db/prepared.js';
import { rejectionReason } from '../campaigns/index.js';
import {
  campaignCounters,
  campaignDailyKidStats,
  campaignDailyStats,
  campaignParticipants,
  campaigns,
  merchantDailyKidStats,
  merchantDailyStats,
  wins,
  type KidStatKind,
} from '../../platform/db/schema.js';

/**
 * What the statistics of a merchant count: the campaigns
 * the user may open (campaignVisibility, the campaign list's rule), and
 * whether the merchant has campaigns the user may not open. Without hidden
 * campaigns the merchant's rollups are the visible campaigns' sums; with
 * them, the figures are summed from the visible campaigns' own rollups.
 */
export interface StatsScope {
  merchantId: string;
  visibility: CampaignVisibility;
  /** Whether some of the merchant's campaigns are hidden from the user. */
  hidden: boolean;
}

/** Whether the merchant has campaigns the user may not open (for a user who may open every one, no query). */
export async function statsScope(
  db: DbOrTx,
  merchantId: string,
  visibility: CampaignVisibility,
): Promise<StatsScope> {
  const hiddenCondition = hiddenCampaignsCondition(visibility, campaigns.type);
  if (!hiddenCondition) return { merchantId, visibility, hidden: false };
  const query = prepared(db, 'stats-hidden-campaigns', (name) =>
    db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.merchantId, sql.placeholder('merchantId')), hiddenCondition))
      .limit(1)
      .prepare(name),
  );
  const rows = await query.execute({ merchantId });
  return { merchantId, visibility, hidden: rows.length > 0 };
}

/** The condition "the campaign (by its id column) is one the scope counts". */
const visibleCampaignIds = (scope: StatsScope, idColumn: AnyPgColumn): SQL | undefined => {
  const visible = visibleCampaignsCondition(scope.visibility, campaigns.type);
  return visible
    ? sql`${idColumn} in (select ${campaigns.id} from ${campaigns} where ${campaigns.merchantId} = ${scope.merchantId} and ${visible})`
    : undefined;
};

/** Campaigns per type and status, with the total prize value (cents) of sweepstakes. */
export async function campaignCounts(db: DbOrTx, scope: StatsScope) {
  const { merchantId, visibility } = scope;
  // The dashboard's queries are prepared (platform/db/prepared.ts): built once, planned once.
  const query = prepared(db, `dashboard-campaign-counts:${visibility.includeTips}`, (name) => {
    const prizeValue = sql<number>`coalesce(sum(case when ${inArray(campaigns.type, [...PRIZE_DRAW_TYPES])} then (select coalesce(sum((p ->> 'value')::bigint * (p ->> 'count')::bigint), 0) from jsonb_array_elements(${campaigns.content} -> 'prizes') p) else 0 end), 0)`;
    return (
      db
        .select({
          type: campaigns.type,
          status: campaigns.status,
          count: count(),
          sweeptotal: prizeValue.mapWith(Number),
        })
        .from(campaigns)
        // Deleted campaigns too: the dashboard links their count to the list filtered on them.
        .where(
          and(
            eq(campaigns.merchantId, sql.placeholder('merchantId')),
            visibleCampaignsCondition(visibility, campaigns.type),
          ),
        )
        .groupBy(campaigns.type, campaigns.status)
        .orderBy(asc(campaigns.type), asc(campaigns.status))
        .prepare(name)
    );
  });
  return query.execute({ merchantId });
}

/** The dashboard's user and view counts; "today", "this month" and "this year" in the time zone. */
export async function userCounts(
  db: DbOrTx,
  scope: StatsScope,
  today: string,
  timeZone: string,
): Promise<TDashboardResponse['users']> {
  if (scope.hidden) return visibleUserCounts(db, scope, today, timeZone);
  const { merchantId } = scope;
  const t = merchantDailyStats;
  const query = prepared(db, 'dashboard-user-counts', (name) => {
    const day = sql`${sql.placeholder('today')}::date`;
    const since = (unit: 'day' | 'month' | 'year') =>
      sql`coalesce(sum(${t.newParticipants}) filter (where ${t.day} >= date_trunc(${unit}, ${day})::date and ${t.day} <= ${day}), 0)`.mapWith(
        Number,
      );
    const total = (column: AnyPgColumn) => sql`coalesce(sum(${column}), 0)`.mapWith(Number);
    return db
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
      .where(eq(t.merchantId, sql.placeholder('merchantId')))
      .prepare(name);
  });
  const [row] = await query.execute({ merchantId, today });
  return row ?? NO_USERS;
}

const NO_USERS: TDashboardResponse['users'] = {
  day: 0,
  month: 0,
  year: 0,
  total: 0,
  total_participations: 0,
  total_user_participations: 0,
  total_list_views: 0,
  total_detail_views: 0,
  total_mail_views: 0,
};

/**
 * The user and view counts of the visible campaigns alone: participations
 * and views summed from their daily rollups (a participation or view
 * belongs to one campaign), participants counted once each, by their first
 * participation in any visible campaign (in the time zone's days).
 */
async function visibleUserCounts(
  db: DbOrTx,
  scope: StatsScope,
  today: string,
  timeZone: string,
): Promise<TDashboardResponse['users']> {
  const s = campaignDailyStats;
  const visible = visibleCampaignsCondition(scope.visibility, campaigns.type);
  const total = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  const [sums] = await db
    .select({
      total_participations: total(s.participations),
      total_user_participations: total(s.firstParticipations),
      total_list_views: total(s.viewList),
      total_detail_views: total(s.viewDetail),
      total_mail_views: total(s.viewMail),
    })
    .from(s)
    .innerJoin(campaigns, eq(campaigns.id, s.campaignId))
    .where(
      and(eq(s.merchantId, scope.merchantId), eq(campaigns.merchantId, scope.merchantId), visible),
    );
  const cp = campaignParticipants;
  const firsts = db
    .select({
      day: sql<string>`(min(${cp.firstAt}) at time zone ${timeZone})::date`.as('day'),
    })
    .from(cp)
    .innerJoin(campaigns, eq(campaigns.id, cp.campaignId))
    .where(and(eq(campaigns.merchantId, scope.merchantId), visible))
    .groupBy(cp.participantId)
    .as('firsts');
  const day = sql`${today}::date`;
  const since = (unit: 'day' | 'month' | 'year') =>
    sql<number>`count(*) filter (where ${firsts.day} >= date_trunc(${unit}, ${day})::date and ${firsts.day} <= ${day})`.mapWith(
      Number,
    );
  const [participants] = await db
    .select({
      day: since('day'),
      month: since('month'),
      year: since('year'),
      total: sql<number>`count(*)`.mapWith(Number),
    })
    .from(firsts);
  return { ...NO_USERS, ...sums, ...participants };
}

/** Wins not yet handled, of the campaigns the scope counts. */
export async function openWins(db: DbOrTx, scope: StatsScope): Promise<number> {
  const query = prepared(db, `dashboard-open-wins:${scope.hidden}`, (name) =>
    db
      .select({ count: count() })
      .from(wins)
      .where(
        and(
          eq(wins.merchantId, sql.placeholder('merchantId')),
          eq(wins.status, 'pending'),
          scope.hidden
            ? sql`${wins.campaignId} in (select ${campaigns.id} from ${campaigns} where ${campaigns.merchantId} = ${sql.placeholder('merchantId')} and ${visibleCampaignsCondition(scope.visibility, campaigns.type)})`
            : undefined,
        ),
      )
      .prepare(name),
  );
  const [row] = await query.execute({ merchantId: scope.merchantId });
  return row?.count ?? 0;
}

/** The newest rejected campaigns the user may open, with the reason of their rejection. */
export async function rejectedCampaigns(db: DbOrTx, scope: StatsScope, limit: number) {
  return db
    .select({
      id: campaigns.id,
      type: campaigns.type,
      title: campaigns.title,
      modifiedAt: campaigns.modifiedAt,
      reason: rejectionReason,
    })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.merchantId, scope.merchantId),
        eq(campaigns.status, 'rejected'),
        visibleCampaignsCondition(scope.visibility, campaigns.type),
      ),
    )
    .orderBy(desc(campaigns.modifiedAt), asc(campaigns.id))
    .limit(limit);
}

/** The visible campaigns with the most list views, with their detail views and participations (the conversion's parts). */
export async function campaignFunnels(db: DbOrTx, scope: StatsScope, limit: number) {
  return db
    .select({
      id: campaigns.id,
      type: campaigns.type,
      status: campaigns.status,
      title: campaigns.title,
      viewList: campaignCounters.viewList,
      viewDetail: campaignCounters.viewDetail,
      participations: campaignCounters.participations,
    })
    .from(campaigns)
    .innerJoin(campaignCounters, eq(campaignCounters.campaignId, campaigns.id))
    .where(
      and(
        eq(campaigns.merchantId, scope.merchantId),
        ne(campaigns.status, 'deleted'),
        visibleCampaignsCondition(scope.visibility, campaigns.type),
        gt(campaignCounters.viewList, 0),
      ),
    )
    .orderBy(desc(campaignCounters.viewList), asc(campaigns.id))
    .limit(limit);
}

/** A bucket: week (from Monday), month or year, as a PostgreSQL interval and date_trunc unit. */
export interface BucketValue {
  bucket: string;
  key: string | null;
  value: number;
}

/** Days from `from` up to, not including, `until`. */
const withinDays = (day: AnyPgColumn, from: unknown, until: unknown) =>
  sql`${day} >= ${from}::date and ${day} < ${until}::date`;

/**
 * Participations (or first participations) per bucket: of some campaigns, or
 * of the merchant (the default chart: prepared, one statement per range).
 */
export async function participationSeries(
  db: DbOrTx,
  options: {
    scope: StatsScope;
    merchantId: string;
    campaignIds: string[];
    range: Timerange;
    from: string;
    until: string;
    distinct: boolean;
  },
): Promise<BucketValue[]> {
  const { range, from, until, distinct } = options;
  if (options.campaignIds.length > 0) {
    const t = campaignDailyStats;
    const value = distinct ? t.firstParticipations : t.participations;
    return queryRows<BucketValue>(
      db,
      sql`select to_char(date_trunc(${range}, ${t.day}::timestamp), 'YYYY-MM-DD') as bucket, ${t.campaignId}::text as key, sum(${value})::int as value
          from ${t}
          where ${t.merchantId} = ${options.merchantId} and ${inArray(t.campaignId, options.campaignIds)}
            and ${withinDays(t.day, from, until)}
          group by 1, 2`,
    );
  }
  if (options.scope.hidden) {
    // The merchant's line, of the campaigns the user may open.
    const t = campaignDailyStats;
    const value = distinct ? t.firstParticipations : t.participations;
    return queryRows<BucketValue>(
      db,
      sql`select to_char(date_trunc(${range}, ${t.day}::timestamp), 'YYYY-MM-DD') as bucket, null as key, sum(${value})::int as value
          from ${t}
          where ${t.merchantId} = ${options.merchantId} and ${visibleCampaignIds(options.scope, t.campaignId)}
            and ${withinDays(t.day, from, until)}
          group by 1`,
    );
  }
  const query = prepared(db, `stats-series:${range}:${distinct}`, (name) => {
    const t = merchantDailyStats;
    const value = distinct ? t.firstParticipations : t.participations;
    return db
      .select({
        bucket: sql<string>`to_char(date_trunc(${range}, ${t.day}::timestamp), 'YYYY-MM-DD')`,
        key: sql<null>`null`,
        value: sql<number>`sum(${value})::int`.mapWith(Number),
      })
      .from(t)
      .where(
        and(
          eq(t.merchantId, sql.placeholder('merchantId')),
          withinDays(t.day, sql.placeholder('from'), sql.placeholder('until')),
        ),
      )
      .groupBy(sql`1`)
      .prepare(name);
  });
  return query.execute({ merchantId: options.merchantId, from, until });
}

/**
 * The merchant's campaigns whose runtime touches the range, by end date (the
 * chart's choice). A runtime's end is exclusive, as everywhere (campaignPhase,
 * the scheduler, the list filter): one that ended at the range's first
 * midnight ran before it.
 */
export async function campaignsInRange(
  db: DbOrTx,
  merchantId: string,
  from: string,
  until: string,
  visibility: CampaignVisibility,
  /** The time zone of the chart's days: a range starts and ends at its midnights. */
  timeZone: string,
) {
  const midnight = (day: string) => sql`(${day}::date)::timestamp at time zone ${timeZone}`;
  return db
    .select({ id: campaigns.id, title: campaigns.title, validUntil: campaigns.validUntil })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.merchantId, merchantId),
        ne(campaigns.status, 'deleted'),
        visibleCampaignsCondition(visibility, campaigns.type),
        sql`${campaigns.validFrom} < ${midnight(until)}`,
        sql`${campaigns.validUntil} > ${midnight(from)}`,
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
  options: {
    scope: StatsScope;
    merchantId: string;
    campaignIds: string[];
    from: string;
    until: string;
    today: string;
  },
): Promise<TUsersKids> {
  const { merchantId, campaignIds, from, until } = options;
  const select = (t: typeof campaignDailyKidStats | typeof merchantDailyKidStats) =>
    db
      .select({
        kind: t.kind,
        gender: t.gender,
        birthYear: t.birthYear,
        count: sql<number>`sum(${t.count})::int`.mapWith(Number),
      })
      .from(t);
  const group = (t: typeof campaignDailyKidStats | typeof merchantDailyKidStats) =>
    [t.kind, t.gender, t.birthYear] as const;
  const rows =
    campaignIds.length > 0
      ? await select(campaignDailyKidStats)
          .where(
            and(
              eq(campaignDailyKidStats.merchantId, merchantId),
              inArray(campaignDailyKidStats.campaignId, campaignIds),
              withinDays(campaignDailyKidStats.day, from, until),
            ),
          )
          .groupBy(...group(campaignDailyKidStats))
      : options.scope.hidden
        ? // The merchant's, of the campaigns the user may open: each campaign's participants, as a campaign choice counts them.
          await select(campaignDailyKidStats)
            .where(
              and(
                eq(campaignDailyKidStats.merchantId, merchantId),
                visibleCampaignIds(options.scope, campaignDailyKidStats.campaignId),
                withinDays(campaignDailyKidStats.day, from, until),
              ),
            )
            .groupBy(...group(campaignDailyKidStats))
        : // The merchant's, of the default chart: prepared.
          await prepared(db, 'stats-kids', (name) =>
            select(merchantDailyKidStats)
              .where(
                and(
                  eq(merchantDailyKidStats.merchantId, sql.placeholder('merchantId')),
                  withinDays(
                    merchantDailyKidStats.day,
                    sql.placeholder('from'),
                    sql.placeholder('until'),
                  ),
                ),
              )
              .groupBy(...group(merchantDailyKidStats))
              .prepare(name),
          ).execute({ merchantId, from, until });
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
