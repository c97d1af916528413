/** GET /merchants?page&filter: the merchants the user may act for, paged (spec §7 "Merchants"). */
import type { TMerchantListResponse } from '@backoffice/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestRequired } from '../../api/client';
import { useSession } from '../../session/session-store';
import { merchantKeys, type MerchantListParams } from './merchant-keys';

export function fetchMerchants(
  params: MerchantListParams,
  signal?: AbortSignal,
): Promise<TMerchantListResponse> {
  return apiRequestRequired<TMerchantListResponse>({
    path: '/merchants',
    query: { page: params.page, filter: params.filter },
    ...(signal ? { signal } : {}),
  });
}

export const merchantsQueryOptions = (params: MerchantListParams) =>
  queryOptions({
    queryKey: merchantKeys.list(params),
    queryFn: ({ signal }) => fetchMerchants(params, signal),
  });

export function useMerchants(params: MerchantListParams, options: { enabled?: boolean } = {}) {
  const { user } = useSession();
  return useQuery({
    ...merchantsQueryOptions(params),
    enabled: user !== null && (options.enabled ?? true),
    placeholderData: keepPreviousData,
  });
}
