/** POST /campaigns {merchant, type}: a new campaign of one type (docs/product.md#campaigns). */
import type { TCampaignCreateBody, TCampaignEnvelope } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCampaignCounts } from '../../../shared/resources/campaigns/campaign-changes';
import { answer, api } from '../../../shared/api/client';
import { campaignKeys } from '../../../shared/resources/campaigns/campaign-keys';

export function createCampaign(body: TCampaignCreateBody): Promise<TCampaignEnvelope> {
  return answer<TCampaignEnvelope>(api.POST('/api/campaigns', { body }));
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: (envelope) => {
      queryClient.setQueryData(campaignKeys.detail(envelope.campaign.uuid), envelope);
      void invalidateCampaignCounts(queryClient);
    },
  });
}
