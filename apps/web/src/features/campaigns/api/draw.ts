/** GET and POST /campaigns/{id}/draw: the winner draw of a sweepstake (admins). */
import type { TDrawResponse } from '@backoffice/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { campaignKeys } from '../../../shared/resources/campaigns/campaign-keys';
import { dashboardKeys } from '../../../shared/resources/dashboard/dashboard-keys';

export function fetchDraw(id: string, signal?: AbortSignal): Promise<TDrawResponse> {
  return answer<TDrawResponse>(
    api.GET('/api/campaigns/{id}/draw', { params: { path: { id } }, signal }),
  );
}

export const drawQueryOptions = (id: string) =>
  queryOptions({
    queryKey: campaignKeys.draw(id),
    queryFn: ({ signal }) => fetchDraw(id, signal),
  });

export function useDraw(id: string, enabled: boolean) {
  const { user } = useSession();
  return useQuery({ ...drawQueryOptions(id), enabled: enabled && user !== null });
}

export function useDrawNow(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      answer<TDrawResponse>(api.POST('/api/campaigns/{id}/draw', { params: { path: { id } } })),
    onSuccess: (answer) => {
      queryClient.setQueryData(campaignKeys.draw(id), answer);
      // The winners to notify are the dashboard's open wins.
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
