/** POST /campaigns/{id}/create-followup: a new campaign that follows this one. */
import type { TCampaignEnvelope } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCampaignCounts } from '../../../shared/resources/campaigns/campaign-changes';
import { apiRequestRequired } from '../../../shared/api/client';
import { campaignKeys, campaignPath } from '../../../shared/resources/campaigns/campaign-keys';

export function createFollowup(id: string): Promise<TCampaignEnvelope> {
  return apiRequestRequired<TCampaignEnvelope>({
    method: 'POST',
    path: campaignPath(id, '/create-followup'),
  });
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
