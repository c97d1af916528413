/**
 * The dashboard's figures, read from the rollups kept at ingest (never from
 * raw events): campaigns per type and status, user and view counts, open
 * wins, rejected campaigns, the campaigns' conversion funnels and the
 * participation trend. One prepared statement reads them all: each figure is
 * a scalar subquery of the merchant's row, its lists aggregated to JSON in
 * their order and within their limits. A round trip costs more of the
 * server's CPU than any of these subqueries (decision 049).
 */
import { and, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_CONVERSION_LIMIT,
  DASHBOARD_REJECTED_LIMIT,
  PRIZE_DRAW_TYPES,
  type CampaignStatus,
  type CampaignType,
  type TDashboardResponse,
} from '@backoffice/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  visibleCampaignsCondition,
  withoutTips,
  type CampaignVisibility,
} from '../../platform/access/merchant-access.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { prepared } from '../../platform/db/prepared.js';
import { rejectionReason } from '../campaigns/index.js';
import {
  campaignCounters,
  campaignDailyStats,
  campaigns,
  merchantDailyStats,
  merchants,
  wins,
} from '../../platform/db/schema.js';
import {
  jsonArray,
  seriesOfCampaigns,
  seriesOfMerchant,
  type BucketValue,
} from './chart-queries.js';
import { byScope, visibleCampaignIds, type StatsScope } from './scope-queries.js';

/** The dashboard's figures as its statement reads them; the service shapes the answer. */
export interface DashboardFigures {
  /** Campaigns per type and status, with the total prize value (cents) of sweepstakes. */
  campaigns: { type: CampaignType; status: CampaignStatus; count: number; sweeptotal: number }[];
  users: TDashboardResponse['users'];
  /** Wins not yet handled, of the campaigns the scope counts. */
  openWins: number;
  /** The newest rejected campaigns the user may open, with the reason of their rejection. */
  rejected: {
    id: string;
    type: CampaignType;
    title: Record<string, string>;
    reason: string | null;
    /** The timestamp as PostgreSQL writes it, the text the driver reads a column from. */
    modifiedAt: string;
  }[];
  /** The visible campaigns with the most list views, with their detail views and participations (the conversion's parts). */
  funnels: {
    id: string;
    type: CampaignType;
    status: CampaignStatus;
    title: Record<string, string>;
    viewList: number;
    viewDetail: number;
    participations: number;
  }[];
  /** Participations per month of the trend's range (buckets without any left out). */
  trend: BucketValue[];
}

/** What the dashboard counts: the merchant, the caller's visibility, its day and the trend's range. */
export interface DashboardOptions {
  merchantId: string;
  visibility: CampaignVisibility;
  /** The local day (YYYY-MM-DD) "today", "this month" and "this year" end with (the rollups' days are in the configured time zone). */
  today: string;
  /** The trend's first day and the day after its last (YYYY-MM-DD). */
  from: string;
  until: string;
}

/** Campaigns per type and status: deleted ones too, the dashboard links their count to the list filtered on them. */
function campaignCountsOf(scope: StatsScope): SQL {
  const prizeValue = sql`coalesce(sum(case when ${inArray(campaigns.type, [...PRIZE_DRAW_TYPES])} then (select coalesce(sum((p ->> 'value')::bigint * (p ->> 'count')::bigint), 0) from jsonb_array_elements(${campaigns.content} -> 'prizes') p) else 0 end), 0)`;
  const where = and(
    eq(campaigns.merchantId, scope.merchantId),
    visibleCampaignsCondition(scope.visibility, campaigns.type),
  );
  return sql`select ${jsonArray(sql`jsonb_agg(to_jsonb(c) order by c.type, c.status)`)}
    from (select ${campaigns.type} as type, ${campaigns.status} as status, count(*) as count, ${prizeValue} as sweeptotal
          from ${campaigns} where ${where} group by 1, 2) c`;
}

/** The user and view counts from the merchant's rollups; "today", "this month" and "this year" in the time zone. */
function merchantUserCounts(scope: StatsScope, today: SQL): SQL {
  const t = merchantDailyStats;
  const since = (unit: 'day' | 'month' | 'year') =>
    sql`coalesce(sum(${t.newParticipants}) filter (where ${t.day} >= date_trunc(${unit}, ${today})::date and ${t.day} <= ${today}), 0)`;
  const total = (column: AnyPgColumn) => sql`coalesce(sum(${column}), 0)`;
  return sql`select to_jsonb(u) from (select
      ${since('day')} as day, ${since('month')} as month, ${since('year')} as year,
      ${total(t.newParticipants)} as total,
      ${total(t.participations)} as total_participations,
      ${total(t.firstParticipations)} as total_user_participations,
      ${total(t.viewList)} as total_list_views,
      ${total(t.viewDetail)} as total_detail_views,
      ${total(t.viewMail)} as total_mail_views
    from ${t} where ${eq(t.merchantId, scope.merchantId)}) u`;
}

/**
 * The user and view counts of the visible campaigns alone, tips hidden (the
 * only hiding there is, CampaignVisibility): participations and views summed
 * from the visible campaigns' daily rollups (a participation or view belongs
 * to one campaign), participants counted once each, by their first
 * participation in a campaign that is no tip, from the merchant's rollup of
 * those (`new_participants_without_tips`, kept at ingest in the time zone's
 * days). Another kind of hiding would need a rollup of its own
 * (docs/decisions/050-new-participants-without-tips.md).
 */
function visibleUserCounts(scope: StatsScope, today: SQL): SQL {
  const s = campaignDailyStats;
  const t = merchantDailyStats;
  const sum = (column: AnyPgColumn) => sql`coalesce(sum(${column}), 0)::int`;
  const since = (unit: 'day' | 'month' | 'year') =>
    sql`coalesce(sum(${t.newParticipantsWithoutTips}) filter (where ${t.day} >= date_trunc(${unit}, ${today})::date and ${t.day} <= ${today}), 0)::int`;
  return sql`select to_jsonb(u) from (select
      p.day, p.month, p.year, p.total, s.total_participations, s.total_user_participations,
      s.total_list_views, s.total_detail_views, s.total_mail_views
    from (select ${sum(s.participations)} as total_participations,
                 ${sum(s.firstParticipations)} as total_user_participations,
                 ${sum(s.viewList)} as total_list_views,
                 ${sum(s.viewDetail)} as total_detail_views,
                 ${sum(s.viewMail)} as total_mail_views
          from ${s} inner join ${campaigns} on ${eq(campaigns.id, s.campaignId)}
          where ${and(eq(s.merchantId, scope.merchantId), eq(campaigns.merchantId, scope.merchantId), withoutTips(campaigns.type))}) s,
         (select ${since('day')} as day, ${since('month')} as month, ${since('year')} as year,
                 ${sum(t.newParticipantsWithoutTips)} as total
          from ${t} where ${eq(t.merchantId, scope.merchantId)}) p) u`;
}

/** Wins not yet handled, of the campaigns `visible` leaves (all of the merchant's without it). */
function openWinsOf(scope: StatsScope, visible: SQL | undefined): SQL {
  return sql`select count(*) from ${wins} where ${and(eq(wins.merchantId, scope.merchantId), eq(wins.status, 'pending'), visible)}`;
}

/** The newest rejected campaigns the user may open, with the reason of their rejection. */
function rejectedOf(scope: StatsScope): SQL {
  const where = and(
    eq(campaigns.merchantId, scope.merchantId),
    eq(campaigns.status, 'rejected'),
    visibleCampaignsCondition(scope.visibility, campaigns.type),
  );
  // The timestamp as text: parsed as the driver parses a timestamp column (see the service).
  const row = sql`jsonb_build_object('id', r.id, 'type', r.type, 'title', r.title, 'reason', r.reason, 'modifiedAt', r.modified_at::text)`;
  return sql`select ${jsonArray(sql`jsonb_agg(${row} order by r.modified_at desc, r.id asc)`)}
    from (select ${campaigns.id} as id, ${campaigns.type} as type, ${campaigns.title} as title,
                 ${rejectionReason} as reason, ${campaigns.modifiedAt} as modified_at
          from ${campaigns} where ${where}
          order by ${campaigns.modifiedAt} desc, ${campaigns.id} asc
          limit ${DASHBOARD_REJECTED_LIMIT}) r`;
}

/** The visible campaigns with the most list views, with their detail views and participations. */
function funnelsOf(scope: StatsScope): SQL {
  const where = and(
    eq(campaigns.merchantId, scope.merchantId),
    ne(campaigns.status, 'deleted'),
    visibleCampaignsCondition(scope.visibility, campaigns.type),
    gt(campaignCounters.viewList, 0),
  );
  const row = sql`jsonb_build_object('id', f.id, 'type', f.type, 'status', f.status, 'title', f.title, 'viewList', f.view_list, 'viewDetail', f.view_detail, 'participations', f.participations)`;
  return sql`select ${jsonArray(sql`jsonb_agg(${row} order by f.view_list desc, f.id asc)`)}
    from (select ${campaigns.id} as id, ${campaigns.type} as type, ${campaigns.status} as status, ${campaigns.title} as title,
                 ${campaignCounters.viewList} as view_list, ${campaignCounters.viewDetail} as view_detail,
                 ${campaignCounters.participations} as participations
          from ${campaigns} inner join ${campaignCounters} on ${eq(campaignCounters.campaignId, campaigns.id)}
          where ${where}
          order by ${campaignCounters.viewList} desc, ${campaigns.id} asc
          limit ${DASHBOARD_CONVERSION_LIMIT}) f`;
}

/** The figures that depend on whether campaigns are hidden from the user (byScope), as one JSON row. */
type ScopedFigures = Pick<DashboardFigures, 'users' | 'openWins' | 'trend'>;
const scopedFigures = (figures: { users: SQL; openWins: SQL; trend: SQL }) =>
  sql`select to_jsonb(f) from (select (${figures.users}) as users, (${figures.openWins}) as "openWins", (${figures.trend}) as trend) f`;

/** The dashboard's figures in one statement (prepared: one per visibility). */
export async function dashboardFigures(
  db: DbOrTx,
  options: DashboardOptions,
): Promise<DashboardFigures> {
  const { visibility } = options;
  const query = prepared(db, `dashboard:${String(visibility.includeTips)}`, (name) => {
    const scope: StatsScope = { merchantId: sql.placeholder('merchantId'), visibility };
    const today = sql`${sql.placeholder('today')}::date`;
    const trend = {
      range: 'month',
      distinct: false,
      from: sql.placeholder('from'),
      until: sql.placeholder('until'),
    } as const;
    return db
      .select({
        campaigns: sql<DashboardFigures['campaigns']>`(${campaignCountsOf(scope)})`,
        rejected: sql<DashboardFigures['rejected']>`(${rejectedOf(scope)})`,
        funnels: sql<DashboardFigures['funnels']>`(${funnelsOf(scope)})`,
        scoped: sql<ScopedFigures>`${byScope(
          scope,
          scopedFigures({
            users: visibleUserCounts(scope, today),
            openWins: openWinsOf(scope, visibleCampaignIds(scope, wins.campaignId)),
            trend: seriesOfCampaigns(scope, { ...trend, campaignIds: undefined }),
          }),
          scopedFigures({
            users: merchantUserCounts(scope, today),
            openWins: openWinsOf(scope, undefined),
            trend: seriesOfMerchant(scope, trend),
          }),
        )}`,
      })
      .from(merchants)
      .where(eq(merchants.id, scope.merchantId))
      .prepare(name);
  });
  const { merchantId, today, from, until } = options;
  const [row] = await query.execute({ merchantId, today, from, until });
  if (!row) return NO_FIGURES;
  const { scoped, ...figures } = row;
  return { ...figures, ...scoped };
}

/** A merchant deleted since the access check: nothing to count. */
const NO_FIGURES: DashboardFigures = {
  campaigns: [],
  users: {
    day: 0,
    month: 0,
    year: 0,
    total: 0,
    total_participations: 0,
    total_user_participations: 0,
    total_list_views: 0,
    total_detail_views: 0,
    total_mail_views: 0,
  },
  openWins: 0,
  rejected: [],
  funnels: [],
  trend: [],
};
