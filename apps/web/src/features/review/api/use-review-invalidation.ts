/** After a review decision: the queue and the campaign screens' caches are stale. */
import { useQueryClient } from '@tanstack/react-query';
import { CAMPAIGNS_CACHE_PREFIX, reviewKeys } from './review-keys';

export function useReviewInvalidation(): () => void {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_CACHE_PREFIX });
  };
}
