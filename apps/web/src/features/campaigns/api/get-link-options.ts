/**
 * GET /campaigns/{id}/link-options: the merchant's other campaigns that may
 * be chosen as co-participation targets or coreg exclusions (docs/product.md#campaigns).
 */
import type { TCampaignLinkOptionsResponse } from '@backoffice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { campaignKeys } from '../../../shared/resources/campaigns/campaign-keys';

export function fetchLinkOptions(
  id: string,
  signal?: AbortSignal,
): Promise<TCampaignLinkOptionsResponse> {
  return answer<TCampaignLinkOptionsResponse>(
    api.GET('/api/campaigns/{id}/link-options', { params: { path: { id } }, signal }),
  );
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
