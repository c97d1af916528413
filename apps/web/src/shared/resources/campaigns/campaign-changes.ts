/**
 * What a change of campaigns makes stale beyond the campaign itself, for
 * every feature that changes campaigns (the campaign screens, the admins'
 * review): a campaign created, deleted or changing status moves between the
 * lists and the dashboard's counts, and a winner draw changes the open wins.
 */
import type { QueryClient } from '@tanstack/react-query';
import { campaignKeys } from './campaign-keys';
import { dashboardKeys } from '../dashboard/dashboard-keys';

/** Every campaign list and every dashboard and chart. */
export async function invalidateCampaignCounts(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: campaignKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]);
}
