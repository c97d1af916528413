/** GET /campaigns: one page of the merchant's campaigns, filtered and ordered (docs/product.md#api-calls). */
import type { TCampaignListResponse } from '@backoffice/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import {
  campaignKeys,
  type CampaignListParams,
} from '../../../shared/resources/campaigns/campaign-keys';

export function fetchCampaigns(
  params: CampaignListParams,
  signal?: AbortSignal,
): Promise<TCampaignListResponse> {
  return answer<TCampaignListResponse>(
    api.GET('/api/campaigns', {
      params: {
        query: {
          page: params.page,
          filter_campaign: params.filter_campaign,
          filter_type: params.filter_type,
          filter_status: params.filter_status,
          filter_runtime: params.filter_runtime,
          exact_merchant: params.exact_merchant,
          order_by: params.order_by,
        },
      },
      signal,
    }),
  );
}

export const campaignsQueryOptions = (params: CampaignListParams) =>
  queryOptions({
    queryKey: campaignKeys.list(params),
    queryFn: ({ signal }) => fetchCampaigns(params, signal),
  });

export function useCampaigns(params: CampaignListParams) {
  const { user } = useSession();
  return useQuery({
    ...campaignsQueryOptions(params),
    enabled: user !== null,
    placeholderData: keepPreviousData,
  });
}
