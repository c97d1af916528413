/**
 * POST /campaigns/{ident}/submit: hands a finished campaign in for review
 * (docs/product.md#campaign-states). The refusals (400 campaign_has_errors, 409
 * campaign_not_submittable) are shown by the caller with the spec's
 * "campaign could not be submitted" alert; the campaign is reloaded then, so
 * that the review shows its current errors, status and edit right.
 */
import type { TCampaignEnvelope } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCampaignCounts } from '../../../shared/resources/campaigns/campaign-changes';
import { answer, api, call } from '../../../shared/api/client';
import { campaignKeys } from '../../../shared/resources/campaigns/campaign-keys';
import { reloadOnConflict } from './campaign-conflict';

export const SUBMIT_REFUSAL_STATUSES = [400, 409] as const;

export function submitCampaign(ident: string): Promise<TCampaignEnvelope> {
  return answer<TCampaignEnvelope>(
    api.POST('/api/campaigns/{id}/submit', {
      params: { path: { id: ident } },
      ...call({ quietStatuses: SUBMIT_REFUSAL_STATUSES }),
    }),
  );
}

export function useSubmitCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitCampaign,
    onSuccess: (envelope) => {
      queryClient.setQueryData(campaignKeys.detail(envelope.campaign.uuid), envelope);
      void invalidateCampaignCounts(queryClient);
      void queryClient.invalidateQueries({
        queryKey: campaignKeys.statusHistory(envelope.campaign.uuid),
      });
    },
    onError: (error, ident) => reloadOnConflict(queryClient, ident, error, SUBMIT_REFUSAL_STATUSES),
  });
}
