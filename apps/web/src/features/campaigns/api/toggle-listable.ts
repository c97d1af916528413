/** POST /campaigns/{id}/toggle-listable: hides or shows a campaign in the app's lists (docs/product.md#campaign-states). */
import type { TCampaignListResponse, TToggleListableResponse } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { campaignKeys } from '../../../shared/resources/campaigns/campaign-keys';

export function toggleListable(id: string): Promise<TToggleListableResponse> {
  return answer<TToggleListableResponse>(
    api.POST('/api/campaigns/{id}/toggle-listable', { params: { path: { id } } }),
  );
}

export function useToggleListable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleListable,
    onSuccess: ({ listable }, id) => {
      // The server's answer is the truth: put it into every cached list at once.
      queryClient.setQueriesData<TCampaignListResponse>(
        { queryKey: campaignKeys.lists() },
        (list) =>
          list && {
            ...list,
            rows: list.rows.map((row) =>
              row.uuid === id ? { ...row, is_listable: listable } : row,
            ),
          },
      );
      void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(id) });
    },
  });
}
