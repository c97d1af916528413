/**
 * The participation chart's queries, read from the rollups kept at ingest
 * (never from raw events): participations per bucket and the kid statistics
 * of a merchant's participants (with the check of the chosen campaigns, one
 * statement), and the campaigns of a range.
 */
import { and, asc, eq, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  type CampaignType,
  type ParticipantGender,
  type Timerange,
  type TUsersKids,
} from '@backoffice/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  visibleCampaignsCondition,
  type CampaignVisibility,
} from '../../platform/access/merchant-access.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { prepared } from '../../platform/db/prepared.js';
import {
  campaignDailyKidStats,
  campaignDailyStats,
  campaigns,
  merchantDailyKidStats,
  merchantDailyStats,
  merchants,
  type KidStatKind,
} from '../../platform/db/schema.js';
import { byScope, visibleCampaignIds, type StatsScope } from './scope-queries.js';

/** Participations of a bucket: week (from Monday), month or year, by its first day; `key` the campaign's id, null for the merchant's line. */
export interface BucketValue {
  bucket: string;
  key: string | null;
  value: number;
}

/** Days from `from` up to, not including, `until`. */
const withinDays = (day: AnyPgColumn, from: unknown, until: unknown) =>
  sql`${day} >= ${from}::date and ${day} < ${until}::date`;

/** A JSON array of the rows `agg` builds, `[]` for none (jsonb_agg gives null). */
export const jsonArray = (agg: SQL) => sql`coalesce(${agg}, '[]'::jsonb)`;

/** What a series counts: its buckets, the range's first day and the day after its last, and whether first participations alone. */
export interface SeriesOptions {
  range: Timerange;
  from: Placeholder;
  until: Placeholder;
  distinct: boolean;
}

/** The bucket a rollup's day lies in, by its first day (YYYY-MM-DD). */
const bucketOf = (range: Timerange, day: AnyPgColumn) =>
  sql`to_char(date_trunc(${range}, ${day}::timestamp), 'YYYY-MM-DD')`;

/** Buckets as a JSON array of BucketValue. */
const bucketsJson = (rows: SQL) =>
  sql`select ${jsonArray(sql`jsonb_agg(jsonb_build_object('bucket', b.bucket, 'key', b.key, 'value', b.value))`)} from (${rows}) b`;

/** The merchant's line, from its own rollups (the statistics of a user who may open every campaign it has). */
export function seriesOfMerchant(scope: StatsScope, options: SeriesOptions): SQL {
  const t = merchantDailyStats;
  const value = options.distinct ? t.firstParticipations : t.participations;
  return bucketsJson(
    sql`select ${bucketOf(options.range, t.day)} as bucket, null::text as key, sum(${value})::int as value
        from ${t}
        where ${and(eq(t.merchantId, scope.merchantId), withinDays(t.day, options.from, options.until))}
        group by 1`,
  );
}

/**
 * Lines from the campaigns' rollups: one per campaign of `campaignIds` (a
 * uuid[] of the merchant's), or without them the merchant's line of the
 * campaigns the user may open.
 */
export function seriesOfCampaigns(
  scope: StatsScope,
  options: SeriesOptions & { campaignIds: SQL | undefined },
): SQL {
  const t = campaignDailyStats;
  const value = options.distinct ? t.firstParticipations : t.participations;
  const [key, which] = options.campaignIds
    ? [sql`${t.campaignId}::text`, sql`${t.campaignId} = any(${options.campaignIds})`]
    : [sql`null::text`, visibleCampaignIds(scope, t.campaignId)];
  return bucketsJson(
    sql`select ${bucketOf(options.range, t.day)} as bucket, ${key} as key, sum(${value})::int as value
        from ${t}
        where ${and(eq(t.merchantId, scope.merchantId), which, withinDays(t.day, options.from, options.until))}
        group by 1, 2`,
  );
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

/** A row of the kid rollups summed over the range: a kind of fact, a gender ('' not given), a birth year (0 not given). */
export interface KidStatRow {
  kind: KidStatKind;
  gender: string;
  birthYear: number;
  count: number;
}

/** Kid rows as a JSON array of KidStatRow, summed over the range. */
function kidRowsOf(
  t: typeof campaignDailyKidStats | typeof merchantDailyKidStats,
  where: SQL | undefined,
): SQL {
  const row = sql`jsonb_build_object('kind', k.kind, 'gender', k.gender, 'birthYear', k.birth_year, 'count', k.count)`;
  return sql`select ${jsonArray(sql`jsonb_agg(${row})`)}
    from (select ${t.kind} as kind, ${t.gender} as gender, ${t.birthYear} as birth_year, sum(${t.count})::int as count
          from ${t} where ${where} group by 1, 2, 3) k`;
}

/** A chosen campaign: its title names its line. */
export interface ChosenCampaign {
  id: string;
  title: Record<string, string>;
  type: CampaignType;
}

/** What the chart counts: the merchant, the caller's visibility, the chosen campaigns (none: the merchant's line) and the range. */
export interface ChartOptions extends Omit<SeriesOptions, 'from' | 'until'> {
  merchantId: string;
  visibility: CampaignVisibility;
  campaignIds: string[];
  /** The range's first day and the day after its last (YYYY-MM-DD). */
  from: string;
  until: string;
}

/** The chart's figures as its statement reads them; the service checks the choice and shapes the answer. */
export interface ChartFigures {
  /** Which of the chosen ids are campaigns of the merchant (none asked without a choice). */
  chosen: ChosenCampaign[];
  /** Participations per bucket, per chosen campaign or of the merchant (buckets without any left out). */
  series: BucketValue[];
  /**
   * Kid statistics of the participants who first took part in the range (in
   * the chosen campaigns, each counted on its own, or with the merchant),
   * from the daily kid rollups.
   */
  kids: KidStatRow[];
}

/**
 * The chart's figures in one statement (prepared: one per range, count and
 * visibility, or per range and count for chosen campaigns). With chosen campaigns, their
 * check, their lines and their participants' kids, from the campaigns'
 * rollups; without, the merchant's line and kids, from its rollups, or from
 * the visible campaigns' when some are hidden from the user (scope-queries.ts).
 * The check's answer comes with the figures: a choice of another merchant's
 * campaign reads nothing of that campaign (every figure is the merchant's)
 * and is refused by the service.
 */
export async function chartFigures(db: DbOrTx, options: ChartOptions): Promise<ChartFigures> {
  const { range, distinct, visibility } = options;
  const chosen = options.campaignIds.length > 0;
  // A choice is counted from the campaigns' rollups whoever asks: its statement needs no visibility.
  const key = chosen
    ? `stats-chart-campaigns:${range}:${String(distinct)}`
    : `stats-chart:${range}:${String(distinct)}:${String(visibility.includeTips)}`;
  const query = prepared(db, key, (name) => {
    const scope: StatsScope = { merchantId: sql.placeholder('merchantId'), visibility };
    const series = {
      range,
      distinct,
      from: sql.placeholder('from'),
      until: sql.placeholder('until'),
    };
    const within = (t: typeof campaignDailyKidStats | typeof merchantDailyKidStats) =>
      and(eq(t.merchantId, scope.merchantId), withinDays(t.day, series.from, series.until));
    const c = campaignDailyKidStats;
    const m = merchantDailyKidStats;
    if (chosen) {
      const ids = sql`${sql.placeholder('campaignIds')}::uuid[]`;
      const chosenRow = sql`jsonb_build_object('id', ${campaigns.id}, 'title', ${campaigns.title}, 'type', ${campaigns.type})`;
      return db
        .select({
          chosen: sql<
            ChosenCampaign[]
          >`(select ${jsonArray(sql`jsonb_agg(${chosenRow})`)} from ${campaigns} where ${and(eq(campaigns.merchantId, scope.merchantId), sql`${campaigns.id} = any(${ids})`)})`,
          series: sql<
            BucketValue[]
          >`(${seriesOfCampaigns(scope, { ...series, campaignIds: ids })})`,
          kids: sql<
            KidStatRow[]
          >`(${kidRowsOf(c, and(within(c), sql`${c.campaignId} = any(${ids})`))})`,
        })
        .from(merchants)
        .where(eq(merchants.id, scope.merchantId))
        .prepare(name);
    }
    // The merchant's line and kids; with campaigns hidden from the user, of the
    // campaigns the user may open: each campaign's participants, as a campaign choice counts them.
    const lineAndKids = (series: SQL, kids: SQL) =>
      sql`select to_jsonb(f) from (select (${series}) as series, (${kids}) as kids) f`;
    return db
      .select({
        merchant: sql<Omit<ChartFigures, 'chosen'>>`${byScope(
          scope,
          lineAndKids(
            seriesOfCampaigns(scope, { ...series, campaignIds: undefined }),
            kidRowsOf(c, and(within(c), visibleCampaignIds(scope, c.campaignId))),
          ),
          lineAndKids(seriesOfMerchant(scope, series), kidRowsOf(m, within(m))),
        )}`,
      })
      .from(merchants)
      .where(eq(merchants.id, scope.merchantId))
      .prepare(name);
  });
  const { merchantId, campaignIds, from, until } = options;
  const [row] = await query.execute({ merchantId, campaignIds, from, until });
  if (!row) return { chosen: [], series: [], kids: [] };
  return 'merchant' in row ? { chosen: [], ...row.merchant } : row;
}

/**
 * The kid statistics of the answer from the summed rows: their own gender,
 * their youngest kid's gender and age, every kid's gender and age. Ages in
 * years in the year `today` lies in.
 */
export function usersKidsOf(rows: KidStatRow[], today: string): TUsersKids {
  const year = Number(today.slice(0, 4));
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
