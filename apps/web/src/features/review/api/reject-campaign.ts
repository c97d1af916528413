/** POST /campaigns/{id}/reject {reason}: an admin rejects a campaign, saying why. */
import type { TCampaignEnvelope } from '@backoffice/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { campaignPath } from '../../../shared/resources/campaigns/campaign-keys';
import { useReviewInvalidation } from './use-review-invalidation';

export interface RejectInput {
  id: string;
  reason: string;
}

export function rejectCampaign({ id, reason }: RejectInput): Promise<TCampaignEnvelope> {
  return apiRequestRequired<TCampaignEnvelope>({
    method: 'POST',
    path: campaignPath(id, '/reject'),
    json: { reason },
  });
}

export function useRejectCampaign() {
  const invalidate = useReviewInvalidation();
  return useMutation({ mutationFn: rejectCampaign, onSettled: invalidate });
}
