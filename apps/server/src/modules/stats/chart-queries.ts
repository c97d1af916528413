/**
 * The participation chart's queries, read from the rollups kept at ingest
 * (never from raw events): participations per bucket, the campaigns of a
 * range, and the kid statistics of a merchant's participants.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type ParticipantGender, type Timerange, type TUsersKids } from '@backoffice/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  visibleCampaignsCondition,
  type CampaignVisibility,
} from '../../platform/access/merchant-access.js';
import { queryRows, type DbOrTx } from '../../platform/db/client.js';
import { prepared } from '../../platform/db/prepared.js';
import {
  campaignDailyKidStats,
  campaignDailyStats,
  campaigns,
  merchantDailyKidStats,
  merchantDailyStats,
  type KidStatKind,
} from '../../platform/db/schema.js';
import { visibleCampaignIds, type StatsScope } from './scope-queries.js';

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
  const query = prepared(db, `stats-series:${range}:${String(distinct)}`, (name) => {
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
  options: {
    merchantId: string;
    from: string;
    until: string;
    visibility: CampaignVisibility;
    /** The time zone of the chart's days: a range starts and ends at its midnights. */
    timeZone: string;
  },
) {
  const { merchantId, from, until, visibility, timeZone } = options;
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
