/** POST /campaigns/{id}/approve: an admin approves a submitted or in-review campaign. */
import type { TCampaignEnvelope } from '@backoffice/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { campaignPath } from '../../../shared/resources/campaigns/campaign-keys';
import { useReviewInvalidation } from './use-review-invalidation';

export function approveCampaign(id: string): Promise<TCampaignEnvelope> {
  return apiRequestRequired<TCampaignEnvelope>({
    method: 'POST',
    path: campaignPath(id, '/approve'),
  });
}

export function useApproveCampaign() {
  const invalidate = useReviewInvalidation();
  return useMutation({ mutationFn: approveCampaign, onSettled: invalidate });
}
