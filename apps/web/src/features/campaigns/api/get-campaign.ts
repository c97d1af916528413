/** GET /campaigns/{ident}: one campaign with its state, edit right and merchant (docs/product.md#api-calls). */
import type { TCampaignEnvelope } from '@backoffice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { campaignKeys } from '../../../shared/resources/campaigns/campaign-keys';

export function fetchCampaign(ident: string, signal?: AbortSignal): Promise<TCampaignEnvelope> {
  return answer<TCampaignEnvelope>(
    api.GET('/api/campaigns/{id}', { params: { path: { id: ident } }, signal }),
  );
}

export const campaignQueryOptions = (ident: string) =>
  queryOptions({
    queryKey: campaignKeys.detail(ident),
    queryFn: ({ signal }) => fetchCampaign(ident, signal),
  });

export function useCampaign(ident: string) {
  const { user } = useSession();
  return useQuery({ ...campaignQueryOptions(ident), enabled: user !== null });
}
