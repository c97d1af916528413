/** GET /merchants/{id}/dashboard: campaign counts, participant and view counts, open wins (spec §7). */
import type { TDashboardResponse } from '@backoffice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import {
  dashboardKeys,
  merchantStatsPath,
  NO_STATS_ACCESS_STATUSES,
} from '../../../shared/resources/dashboard/dashboard-keys';

export function fetchDashboard(merchantId: string, signal?: AbortSignal) {
  return apiRequestRequired<TDashboardResponse>({
    path: merchantStatsPath(merchantId, '/dashboard'),
    quietStatuses: NO_STATS_ACCESS_STATUSES,
    ...(signal ? { signal } : {}),
  });
}

export const dashboardQueryOptions = (merchantId: string) =>
  queryOptions({
    queryKey: dashboardKeys.overview(merchantId),
    queryFn: ({ signal }) => fetchDashboard(merchantId, signal),
  });

export function useDashboard(merchantId: string) {
  return useQuery(dashboardQueryOptions(merchantId));
}
