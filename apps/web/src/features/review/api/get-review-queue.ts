/** GET /review/campaigns?page: submitted and in-review campaigns, oldest submission first (admins). */
import type { TCampaignListResponse } from '@backoffice/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { campaignKeys } from '../../../shared/resources/campaigns/campaign-keys';

export function fetchReviewQueue(
  page: number,
  signal?: AbortSignal,
): Promise<TCampaignListResponse> {
  return answer<TCampaignListResponse>(
    api.GET('/api/review/campaigns', { params: { query: { page } }, signal }),
  );
}

export const reviewQueueQueryOptions = (page: number) =>
  queryOptions({
    queryKey: campaignKeys.reviewQueue(page),
    queryFn: ({ signal }) => fetchReviewQueue(page, signal),
    // The queue changes whenever merchants submit: always ask again.
    staleTime: 0,
  });

export function useReviewQueue(page: number) {
  const { user } = useSession();
  return useQuery({
    ...reviewQueueQueryOptions(page),
    enabled: user?.level === 'admin',
    placeholderData: keepPreviousData,
  });
}
