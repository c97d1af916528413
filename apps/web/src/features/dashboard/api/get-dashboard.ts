/** GET /merchants/{id}/dashboard: campaign counts, participant and view counts, open wins (docs/product.md#api-calls). */
import type { TDashboardResponse } from '@backoffice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, call } from '../../../shared/api/client';
import {
  dashboardKeys,
  NO_STATS_ACCESS_STATUSES,
} from '../../../shared/resources/dashboard/dashboard-keys';

export function fetchDashboard(merchantId: string, signal?: AbortSignal) {
  return answer<TDashboardResponse>(
    api.GET('/api/merchants/{id}/dashboard', {
      params: { path: { id: merchantId } },
      signal,
      ...call({ quietStatuses: NO_STATS_ACCESS_STATUSES }),
    }),
  );
}

export const dashboardQueryOptions = (merchantId: string) =>
  queryOptions({
    queryKey: dashboardKeys.overview(merchantId),
    queryFn: ({ signal }) => fetchDashboard(merchantId, signal),
  });

export function useDashboard(merchantId: string) {
  return useQuery(dashboardQueryOptions(merchantId));
}
