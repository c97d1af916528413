/** GET /campaigns/{id}/status-history: who changed the status when, and why (docs/product.md#campaign-states). */
import type { TStatusHistoryResponse } from '@backoffice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { campaignKeys } from '../../../shared/resources/campaigns/campaign-keys';

export function fetchStatusHistory(
  id: string,
  signal?: AbortSignal,
): Promise<TStatusHistoryResponse> {
  return answer<TStatusHistoryResponse>(
    api.GET('/api/campaigns/{id}/status-history', { params: { path: { id } }, signal }),
  );
}

export const statusHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: campaignKeys.statusHistory(id),
    queryFn: ({ signal }) => fetchStatusHistory(id, signal),
  });

export function useStatusHistory(id: string) {
  const { user } = useSession();
  return useQuery({ ...statusHistoryQueryOptions(id), enabled: user !== null });
}
