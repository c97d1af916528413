/** GET /merchants?page&filter: the merchants the user may act for, paged (docs/product.md#api-calls "Merchants"). */
import type { TMerchantListResponse } from '@backoffice/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../api/client';
import { useSession } from '../../session/session-store';
import { merchantKeys, type MerchantListParams } from './merchant-keys';

export function fetchMerchants(
  params: MerchantListParams,
  signal?: AbortSignal,
): Promise<TMerchantListResponse> {
  return answer<TMerchantListResponse>(
    api.GET('/api/merchants', {
      params: { query: { page: params.page, filter: params.filter } },
      signal,
    }),
  );
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
