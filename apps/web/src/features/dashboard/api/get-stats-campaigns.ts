/** GET /merchants/{id}/stats/campaigns: the campaigns of the chart's range, by end date (docs/product.md#api-calls). */
import type { TStatsCampaignsResponse } from '@backoffice/domain';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { answer, api, call } from '../../../shared/api/client';
import {
  dashboardKeys,
  NO_STATS_ACCESS_STATUSES,
  type StatsRangeParams,
} from '../../../shared/resources/dashboard/dashboard-keys';

export function fetchStatsCampaigns(
  merchantId: string,
  params: StatsRangeParams,
  signal?: AbortSignal,
) {
  return answer<TStatsCampaignsResponse>(
    api.GET('/api/merchants/{id}/stats/campaigns', {
      params: {
        path: { id: merchantId },
        query: { timerange: params.timerange, count: params.count, start: params.start },
      },
      signal,
      ...call({ quietStatuses: NO_STATS_ACCESS_STATUSES }),
    }),
  );
}

/** No request while the range is invalid (`params` undefined). */
export function useStatsCampaigns(merchantId: string, params: StatsRangeParams | undefined) {
  return useQuery({
    queryKey: dashboardKeys.statsCampaigns(merchantId, params ?? null),
    queryFn: params ? ({ signal }) => fetchStatsCampaigns(merchantId, params, signal) : skipToken,
    placeholderData: keepPreviousData,
  });
}
