/**
 * After a review decision the campaign changed status: its detail, every
 * campaign list and the review queue are stale (all below campaignKeys.all).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { campaignKeys } from '../../../shared/api/campaign-keys';

export function invalidateAfterReview(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: campaignKeys.all });
}

export function useReviewInvalidation(): () => void {
  const queryClient = useQueryClient();
  return () => void invalidateAfterReview(queryClient);
}
