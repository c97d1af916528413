/**
 * GET /campaigns/{id}/link-options: the merchant's other campaigns that may
 * be chosen as co-participation targets or coreg exclusions (spec §3).
 */
import type { TCampaignLinkOptionsResponse } from '@backoffice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { campaignKeys, campaignPath } from '../../../shared/resources/campaigns/campaign-keys';

export function fetchLinkOptions(
  id: string,
  signal?: AbortSignal,
): Promise<TCampaignLinkOptionsResponse> {
  return apiRequestRequired<TCampaignLinkOptionsResponse>({
    path: campaignPath(id, '/link-options'),
    ...(signal ? { signal } : {}),
  });
}

export const linkOptionsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: campaignKeys.linkOptions(id),
    queryFn: ({ signal }) => fetchLinkOptions(id, signal),
  });

export function useLinkOptions(id: string) {
  const { user } = useSession();
  return useQuery({ ...linkOptionsQueryOptions(id), enabled: user !== null });
}
