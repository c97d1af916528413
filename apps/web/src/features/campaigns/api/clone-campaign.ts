/** POST /campaigns/{id}/clone: a copy of a campaign (merchant level 1 or more, spec §6). */
import type { TCampaignEnvelope } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCampaignCounts } from '../../../shared/resources/campaigns/campaign-changes';
import { apiRequestRequired } from '../../../shared/api/client';
import { campaignKeys, campaignPath } from '../../../shared/resources/campaigns/campaign-keys';

export function cloneCampaign(sourceIdent: string): Promise<TCampaignEnvelope> {
  return apiRequestRequired<TCampaignEnvelope>({
    method: 'POST',
    path: campaignPath(sourceIdent, '/clone'),
  });
}

export function useCloneCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cloneCampaign,
    onSuccess: (envelope) => {
      queryClient.setQueryData(campaignKeys.detail(envelope.campaign.uuid), envelope);
      void invalidateCampaignCounts(queryClient);
    },
  });
}
