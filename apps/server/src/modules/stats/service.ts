/**
 * The dashboard and the participation chart of a merchant, from the rollups
 * kept at ingest. The caller's access to the merchant is checked by the
 * routes (the access resolver) before any of this runs.
 */
import {
  canUseCampaignType,
  DASHBOARD_CONVERSION_LIMIT,
  DEFAULT_CHART_COUNT,
  DASHBOARD_REJECTED_LIMIT,
  type TDashboardResponse,
  type TStatsCampaignsResponse,
  type TStatsQuery,
  type TStatsRangeQuery,
  type TStatsResponse,
} from '@backoffice/domain';
import { campaignVisibility, type MerchantAccess } from '../../platform/access/merchant-access.js';
import type { UserRow } from '../../platform/users/users.js';
import type { AppContext } from '../../platform/context.js';
import { chartBuckets, lastMonthsStart, localDay } from '../../platform/calendar.js';
import { badRequest } from '../../platform/errors.js';
import {
  campaignCounts,
  campaignFunnels,
  campaignsInRange,
  campaignsOfMerchant,
  openWins,
  participationSeries,
  rejectedCampaigns,
  statsScope,
  userCounts,
  usersKids,
} from './queries.js';

const today = (ctx: AppContext) => localDay(new Date(), ctx.config.web.timeZone);

export async function dashboard(
  ctx: AppContext,
  user: UserRow,
  access: MerchantAccess,
): Promise<TDashboardResponse> {
  // Every figure counts the campaigns the user may open, as the campaign list shows them.
  const scope = await statsScope(ctx.db, access.merchant.id, campaignVisibility(user));
  const trend = rangeOf({
    timerange: 'month',
    count: DEFAULT_CHART_COUNT,
    start: lastMonthsStart(today(ctx), DEFAULT_CHART_COUNT),
  });
  const [campaigns, users, wins, rejected, funnels, trendValues] = await Promise.all([
    campaignCounts(ctx.db, scope),
    userCounts(ctx.db, scope, today(ctx), ctx.config.web.timeZone),
    openWins(ctx.db, scope),
    rejectedCampaigns(ctx.db, scope, DASHBOARD_REJECTED_LIMIT),
    campaignFunnels(ctx.db, scope, DASHBOARD_CONVERSION_LIMIT),
    participationSeries(ctx.db, {
      scope,
      merchantId: scope.merchantId,
      campaignIds: [],
      range: 'month',
      from: trend.from,
      until: trend.until,
      distinct: false,
    }),
  ]);
  return {
    campaigns,
    users,
    todo_wins: { count: wins, winner_app_url: ctx.config.web.winnerAppUrl },
    participation_trend: trend.labels.map(
      (label) => trendValues.find((value) => value.bucket === label)?.value ?? 0,
    ),
    todo_rejected: rejected.map((row) => ({
      uuid: row.id,
      type: row.type,
      title: row.title,
      rejection_reason: row.reason,
      modified: row.modifiedAt.toISOString(),
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

export async function participationStats(
  ctx: AppContext,
  user: UserRow,
  access: MerchantAccess,
  query: TStatsQuery,
): Promise<TStatsResponse> {
  const { db } = ctx;
  const merchantId = access.merchant.id;
  const ids = [...new Set(query.campaigns ?? [])];
  const chosen = await campaignsOfMerchant(db, merchantId, ids);
  // Another merchant's campaign is not told apart from none.
  if (chosen.length !== ids.length) throw badRequest('invalid_value', 'campaigns');
  if (chosen.some((campaign) => !canUseCampaignType(user, campaign.type)))
    throw badRequest('invalid_value', 'campaigns');
  const { labels, from, until } = rangeOf(query);
  const distinct = query.distinct === 'participations';
  const scope = await statsScope(db, merchantId, campaignVisibility(user));
  const [values, kids] = await Promise.all([
    participationSeries(db, {
      scope,
      merchantId,
      campaignIds: ids,
      range: query.timerange,
      from,
      until,
      distinct,
    }),
    usersKids(db, { scope, merchantId, campaignIds: ids, from, until, today: today(ctx) }),
  ]);
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
  return { participations: { labels, series }, users_kids: kids };
}

export async function statsCampaigns(
  ctx: AppContext,
  user: UserRow,
  access: MerchantAccess,
  query: TStatsRangeQuery,
): Promise<TStatsCampaignsResponse> {
  const { from, until } = rangeOf(query);
  const rows = await campaignsInRange(
    ctx.db,
    access.merchant.id,
    from,
    until,
    campaignVisibility(user),
    ctx.config.web.timeZone,
  );
  return {
    campaigns: rows.map((row) => ({
      id: row.id,
      title: row.title,
      valid_until: row.validUntil?.toISOString() ?? null,
    })),
  };
}
