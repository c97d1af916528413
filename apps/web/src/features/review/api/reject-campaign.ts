/** POST /campaigns/{id}/reject {reason}: an admin rejects a campaign, saying why. */
import type { TCampaignEnvelope } from '@backoffice/domain';
import { useMutation } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { useReviewInvalidation } from './use-review-invalidation';

export interface RejectInput {
  id: string;
  reason: string;
}

export function rejectCampaign({ id, reason }: RejectInput): Promise<TCampaignEnvelope> {
  return answer<TCampaignEnvelope>(
    api.POST('/api/campaigns/{id}/reject', { params: { path: { id } }, body: { reason } }),
  );
}

export function useRejectCampaign() {
  const invalidate = useReviewInvalidation();
  return useMutation({ mutationFn: rejectCampaign, onSettled: invalidate });
}
