/**
 * DELETE /campaigns/{id}: the server deletes the campaign or says why not
 * (docs/product.md#campaign-states "Delete"); the answer's status 'deleted' means success.
 */
import type { TCampaignDeleteResponse } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCampaignCounts } from '../../../shared/resources/campaigns/campaign-changes';
import { answer, api } from '../../../shared/api/client';
import { campaignKeys } from '../../../shared/resources/campaigns/campaign-keys';

export function deleteCampaign(id: string): Promise<TCampaignDeleteResponse> {
  return answer<TCampaignDeleteResponse>(
    api.DELETE('/api/campaigns/{id}', { params: { path: { id } } }),
  );
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSettled: (_answer, _error, id) => {
      void invalidateCampaignCounts(queryClient);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(id) });
    },
  });
}
