/**
 * Query keys and API paths of a merchant's dashboard and chart, for the
 * dashboard and for every feature that changes what it counts (a campaign
 * created, deleted or changing status, a winner draw). Invalidate by prefix:
 * dashboardKeys.all refreshes every merchant's dashboard and chart.
 */
import type { Timerange } from '@backoffice/domain';

/** The chart's range: which buckets (docs/product.md#api-calls `stats/campaigns`). */
export interface StatsRangeParams {
  timerange: Timerange;
  count: number;
  /** yyyy-mm-dd; the first bucket is the week, month or year it lies in. */
  start: string;
}

/** The chart's query (docs/product.md#api-calls `stats`). */
export interface StatsParams extends StatsRangeParams {
  /** At most 9 campaign ids; none: the merchant's total. */
  campaigns: string[];
  /** Count each participant once per campaign. */
  distinct: boolean;
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  merchant: (merchantId: string) => [...dashboardKeys.all, merchantId] as const,
  overview: (merchantId: string) => [...dashboardKeys.merchant(merchantId), 'overview'] as const,
  stats: (merchantId: string, params: StatsParams | null) =>
    [...dashboardKeys.merchant(merchantId), 'stats', params] as const,
  statsCampaigns: (merchantId: string, params: StatsRangeParams | null) =>
    [...dashboardKeys.merchant(merchantId), 'stats-campaigns', params] as const,
};

/** A user without the role manage-campaigns gets 403: the page says so instead of an alert. */
export const NO_STATS_ACCESS_STATUSES = [403] as const;
