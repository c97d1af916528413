/** POST /campaigns/{id}/start-review: an admin takes a submitted campaign into review. */
import type { TCampaignEnvelope } from '@backoffice/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { campaignPath } from '../../../shared/resources/campaigns/campaign-keys';
import { useReviewInvalidation } from './use-review-invalidation';

export function startReview(id: string): Promise<TCampaignEnvelope> {
  return apiRequestRequired<TCampaignEnvelope>({
    method: 'POST',
    path: campaignPath(id, '/start-review'),
  });
}

export function useStartReview() {
  const invalidate = useReviewInvalidation();
  return useMutation({ mutationFn: startReview, onSettled: invalidate });
}
