/** GET /campaigns/{id}/followups: the campaigns that follow this one (docs/product.md#campaigns "parent and followup"). */
import type { TFollowupsResponse } from '@backoffice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { campaignKeys } from '../../../shared/resources/campaigns/campaign-keys';

export function fetchFollowups(id: string, signal?: AbortSignal): Promise<TFollowupsResponse> {
  return answer<TFollowupsResponse>(
    api.GET('/api/campaigns/{id}/followups', { params: { path: { id } }, signal }),
  );
}

export const followupsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: campaignKeys.followups(id),
    queryFn: ({ signal }) => fetchFollowups(id, signal),
  });

export function useFollowups(id: string) {
  const { user } = useSession();
  return useQuery({ ...followupsQueryOptions(id), enabled: user !== null });
}
