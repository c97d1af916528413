/**
 * GET /merchants/{id}/stats: participations per week, month or year (of up
 * to 9 campaigns), and the kid statistics of the participants (docs/product.md#api-calls).
 */
import type { TStatsResponse } from '@backoffice/domain';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { answer, api, call } from '../../../shared/api/client';
import {
  dashboardKeys,
  NO_STATS_ACCESS_STATUSES,
  type StatsParams,
} from '../../../shared/resources/dashboard/dashboard-keys';

export function fetchStats(merchantId: string, params: StatsParams, signal?: AbortSignal) {
  return answer<TStatsResponse>(
    api.GET('/api/merchants/{id}/stats', {
      params: {
        path: { id: merchantId },
        query: {
          timerange: params.timerange,
          count: params.count,
          start: params.start,
          campaigns: params.campaigns.length > 0 ? params.campaigns.join(',') : undefined,
          distinct: params.distinct ? 'participations' : undefined,
        },
      },
      signal,
      ...call({ quietStatuses: NO_STATS_ACCESS_STATUSES }),
    }),
  );
}

/** The chart's answer with the query it answers, so that a kept answer is labelled by its own range. */
export interface StatsResult {
  params: StatsParams;
  response: TStatsResponse;
}

/** No request while the chart's inputs are invalid (`params` undefined); the last chart stays. */
export function useStats(merchantId: string, params: StatsParams | undefined) {
  return useQuery({
    queryKey: dashboardKeys.stats(merchantId, params ?? null),
    queryFn: params
      ? async ({ signal }): Promise<StatsResult> => ({
          params,
          response: await fetchStats(merchantId, params, signal),
        })
      : skipToken,
    placeholderData: keepPreviousData,
  });
}
