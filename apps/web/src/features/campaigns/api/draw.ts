/** GET and POST /campaigns/{id}/draw: the winner draw of a sweepstake (admins). */
import type { TDrawResponse } from '@backoffice/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { campaignKeys, campaignPath } from '../../../shared/resources/campaigns/campaign-keys';
import { dashboardKeys } from '../../../shared/resources/dashboard/dashboard-keys';

export function fetchDraw(id: string, signal?: AbortSignal): Promise<TDrawResponse> {
  return apiRequestRequired<TDrawResponse>({
    path: campaignPath(id, '/draw'),
    ...(signal ? { signal } : {}),
  });
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
      apiRequestRequired<TDrawResponse>({ method: 'POST', path: campaignPath(id, '/draw') }),
    onSuccess: (answer) => {
      queryClient.setQueryData(campaignKeys.draw(id), answer);
      // The winners to notify are the dashboard's open wins.
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
