/** POST /campaigns/{id}/create-followup: a new campaign that follows this one. */
import type { TCampaignEnvelope } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCampaignCounts } from '../../../shared/resources/campaigns/campaign-changes';
import { answer, api } from '../../../shared/api/client';
import { campaignKeys } from '../../../shared/resources/campaigns/campaign-keys';

export function createFollowup(id: string): Promise<TCampaignEnvelope> {
  return answer<TCampaignEnvelope>(
    api.POST('/api/campaigns/{id}/create-followup', { params: { path: { id } } }),
  );
}

export function useCreateFollowup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFollowup,
    onSuccess: (envelope, id) => {
      queryClient.setQueryData(campaignKeys.detail(envelope.campaign.uuid), envelope);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.followups(id) });
      void invalidateCampaignCounts(queryClient);
    },
  });
}
