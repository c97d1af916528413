/** GET /campaigns/{id}/followups: the campaigns that follow this one (spec §3 "parent and followup"). */
import type { TFollowupsResponse } from '@backoffice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { campaignKeys, campaignPath } from '../../../shared/resources/campaigns/campaign-keys';

export function fetchFollowups(id: string, signal?: AbortSignal): Promise<TFollowupsResponse> {
  return apiRequestRequired<TFollowupsResponse>({
    path: campaignPath(id, '/followups'),
    ...(signal ? { signal } : {}),
  });
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
