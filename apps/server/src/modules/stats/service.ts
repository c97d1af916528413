/**
 * The dashboard and the participation chart of a merchant, from the rollups
 * kept at ingest. The caller's access to the merchant is checked by the
 * routes (the access resolver) before any of this runs.
 */
import {
  canUseCampaignType,
  DEFAULT_CHART_COUNT,
  type TDashboardResponse,
  type TStatsCampaignsResponse,
  type TStatsQuery,
  type TStatsRangeQuery,
  type TStatsResponse,
} from '@backoffice/domain';
import { campaignVisibility, type MerchantAccess } from '../../platform/access/merchant-access.js';
import type { UserRow } from '../../platform/users/users.js';
import type { Config } from '../../platform/config/config.js';
import type { Db } from '../../platform/db/client.js';
import { chartBuckets, lastMonthsStart, localDay } from '../../platform/calendar.js';
import { badRequest } from '../../platform/errors.js';
import { campaignsInRange, chartFigures, usersKidsOf } from './chart-queries.js';
import { dashboardFigures } from './dashboard-queries.js';

/** What the statistics use of the application (built in services.ts). */
export interface StatsDeps {
  db: Db;
  /** The time zone of the days counted, and the winner app the open wins link to. */
  web: Pick<Config['web'], 'timeZone' | 'winnerAppUrl'>;
}

/** Who asks, with their access to the merchant (checked by the routes' access resolver). */
export interface StatsCaller {
  user: UserRow;
  access: MerchantAccess;
}

const today = (deps: StatsDeps) => localDay(new Date(), deps.web.timeZone);

async function dashboard(
  deps: StatsDeps,
  { user, access }: StatsCaller,
): Promise<TDashboardResponse> {
  const trend = rangeOf({
    timerange: 'month',
    count: DEFAULT_CHART_COUNT,
    start: lastMonthsStart(today(deps), DEFAULT_CHART_COUNT),
  });
  // One statement (dashboard-queries.ts); every figure counts the campaigns
  // the user may open, as the campaign list shows them.
  const { campaigns, users, openWins, rejected, funnels, ...figures } = await dashboardFigures(
    deps.db,
    {
      merchantId: access.merchant.id,
      visibility: campaignVisibility(user),
      today: today(deps),
      from: trend.from,
      until: trend.until,
    },
  );
  return {
    campaigns,
    users,
    todo_wins: { count: openWins, winner_app_url: deps.web.winnerAppUrl },
    participation_trend: trend.labels.map(
      (label) => figures.trend.find((value) => value.bucket === label)?.value ?? 0,
    ),
    todo_rejected: rejected.map((row) => ({
      uuid: row.id,
      type: row.type,
      title: row.title,
      rejection_reason: row.reason,
      // Parsed as drizzle parses a timestamp column's text: the same instant, to the millisecond.
      modified: new Date(row.modifiedAt).toISOString(),
    })),
    conversions: funnels.map((row) => ({
      uuid: row.id,
      type: row.type,
      status: row.status,
      title: row.title,
      view_list: row.viewList,
      view_detail: row.viewDetail,
      participations: row.participations,
    })),
  };
}

/** The range's first bucket and its end, from the query's start, range and count. */
function rangeOf(query: TStatsRangeQuery) {
  const { labels, until } = chartBuckets(query.timerange, query.start, query.count);
  return { labels, from: labels[0] ?? query.start, until };
}

async function participationStats(
  deps: StatsDeps,
  { user, access }: StatsCaller,
  query: TStatsQuery,
): Promise<TStatsResponse> {
  const ids = [...new Set(query.campaigns ?? [])];
  const { labels, from, until } = rangeOf(query);
  // One statement (chart-queries.ts): the check of the chosen campaigns comes with the figures.
  const {
    chosen,
    series: values,
    kids,
  } = await chartFigures(deps.db, {
    merchantId: access.merchant.id,
    visibility: campaignVisibility(user),
    campaignIds: ids,
    range: query.timerange,
    from,
    until,
    distinct: query.distinct === 'participations',
  });
  // Another merchant's campaign is not told apart from none.
  if (chosen.length !== ids.length) throw badRequest('invalid_value', 'campaigns');
  if (chosen.some((campaign) => !canUseCampaignType(user, campaign.type)))
    throw badRequest('invalid_value', 'campaigns');
  const seriesOf = (key: string | null) =>
    labels.map(
      (label) => values.find((value) => value.bucket === label && value.key === key)?.value ?? 0,
    );
  const series =
    ids.length > 0
      ? ids.map((id) => {
          const campaign = chosen.find((candidate) => candidate.id === id);
          const title = campaign?.title[user.locale] ?? campaign?.title.de ?? id;
          return { name: title, campaign: id, values: seriesOf(id) };
        })
      : [{ name: access.merchant.name, campaign: null, values: seriesOf(null) }];
  return { participations: { labels, series }, users_kids: usersKidsOf(kids, today(deps)) };
}

async function statsCampaigns(
  deps: StatsDeps,
  { user, access }: StatsCaller,
  query: TStatsRangeQuery,
): Promise<TStatsCampaignsResponse> {
  const { from, until } = rangeOf(query);
  const rows = await campaignsInRange(deps.db, {
    merchantId: access.merchant.id,
    from,
    until,
    visibility: campaignVisibility(user),
    timeZone: deps.web.timeZone,
  });
  return {
    campaigns: rows.map((row) => ({
      id: row.id,
      title: row.title,
      valid_until: row.validUntil?.toISOString() ?? null,
    })),
  };
}

/** The statistics' use cases, as the routes call them (built once in services.ts). */
export function createStatsService(deps: StatsDeps) {
  return {
    dashboard: (caller: StatsCaller) => dashboard(deps, caller),
    participation: (caller: StatsCaller, query: TStatsQuery) =>
      participationStats(deps, caller, query),
    campaigns: (caller: StatsCaller, query: TStatsRangeQuery) =>
      statsCampaigns(deps, caller, query),
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
