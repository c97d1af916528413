/** GET /merchants/{id}/stats/campaigns: the campaigns of the chart's range, by end date (spec §7). */
import type { TStatsCampaignsResponse } from '@backoffice/domain';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import {
  dashboardKeys,
  merchantStatsPath,
  NO_STATS_ACCESS_STATUSES,
  type StatsRangeParams,
} from '../../../shared/resources/dashboard/dashboard-keys';

export function fetchStatsCampaigns(
  merchantId: string,
  params: StatsRangeParams,
  signal?: AbortSignal,
) {
  return apiRequestRequired<TStatsCampaignsResponse>({
    path: merchantStatsPath(merchantId, '/stats/campaigns'),
    query: { timerange: params.timerange, count: params.count, start: params.start },
    quietStatuses: NO_STATS_ACCESS_STATUSES,
    ...(signal ? { signal } : {}),
  });
}

/** No request while the range is invalid (`params` undefined). */
export function useStatsCampaigns(merchantId: string, params: StatsRangeParams | undefined) {
  return useQuery({
    queryKey: dashboardKeys.statsCampaigns(merchantId, params ?? null),
    queryFn: params ? ({ signal }) => fetchStatsCampaigns(merchantId, params, signal) : skipToken,
    placeholderData: keepPreviousData,
  });
}
