/** POST /campaigns/{id}/start-review: an admin takes a submitted campaign into review. */
import type { TCampaignEnvelope } from '@backoffice/domain';
import { useMutation } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { useReviewInvalidation } from './use-review-invalidation';

export function startReview(id: string): Promise<TCampaignEnvelope> {
  return answer<TCampaignEnvelope>(
    api.POST('/api/campaigns/{id}/start-review', { params: { path: { id } } }),
  );
}

export function useStartReview() {
  const invalidate = useReviewInvalidation();
  return useMutation({ mutationFn: startReview, onSettled: invalidate });
}
