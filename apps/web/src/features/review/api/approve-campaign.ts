/** POST /campaigns/{id}/approve: an admin approves a submitted or in-review campaign. */
import type { TCampaignEnvelope } from '@backoffice/domain';
import { useMutation } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { useReviewInvalidation } from './use-review-invalidation';

export function approveCampaign(id: string): Promise<TCampaignEnvelope> {
  return answer<TCampaignEnvelope>(
    api.POST('/api/campaigns/{id}/approve', { params: { path: { id } } }),
  );
}

export function useApproveCampaign() {
  const invalidate = useReviewInvalidation();
  return useMutation({ mutationFn: approveCampaign, onSettled: invalidate });
}
