/**
 * A change of a campaign refused because the campaign is no longer what the
 * screen shows (409: submitted or online meanwhile, or changed by someone
 * else; 400 on a submit: errors the browser's copy does not show): the
 * campaign is reloaded, so that the screen shows its current status, edit
 * right and errors instead of offering the same change again.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error';
import { campaignKeys } from '../../../shared/resources/campaigns/campaign-keys';

export function reloadOnConflict(
  queryClient: QueryClient,
  ident: string,
  error: unknown,
  statuses: readonly number[] = [409],
): void {
  if (!(error instanceof ApiError) || !statuses.includes(error.status ?? 0)) return;
  void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(ident) });
}
