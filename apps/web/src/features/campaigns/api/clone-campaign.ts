/** POST /campaigns/{id}/clone: a copy of a campaign (merchant level 1 or more, docs/product.md#roles-and-access). */
import type { TCampaignEnvelope } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCampaignCounts } from '../../../shared/resources/campaigns/campaign-changes';
import { answer, api } from '../../../shared/api/client';
import { campaignKeys } from '../../../shared/resources/campaigns/campaign-keys';

export function cloneCampaign(sourceIdent: string): Promise<TCampaignEnvelope> {
  return answer<TCampaignEnvelope>(
    api.POST('/api/campaigns/{id}/clone', { params: { path: { id: sourceIdent } } }),
  );
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
