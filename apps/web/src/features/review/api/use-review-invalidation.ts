/**
 * After a review decision the campaign changed status: its detail, every
 * campaign list and the review queue are stale (all below campaignKeys.all),
 * and so are the dashboard's counts by status.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { campaignKeys } from '../../../shared/resources/campaigns/campaign-keys';
import { dashboardKeys } from '../../../shared/resources/dashboard/dashboard-keys';

export async function invalidateAfterReview(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]);
}

export function useReviewInvalidation(): () => void {
  const queryClient = useQueryClient();
  return () => void invalidateAfterReview(queryClient);
}
