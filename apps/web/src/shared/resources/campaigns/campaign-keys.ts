/**
 * Query keys and API paths of the campaign resource, for every feature that
 * reads or changes campaigns (the campaign screens, the admins' review
 * queue). Invalidate by prefix: campaignKeys.lists() refreshes every list,
 * campaignKeys.detail(id) one campaign and all it holds, campaignKeys.all
 * every campaign query including the review queue.
 */
import type { CampaignListFilters } from '../../paths';

export interface CampaignListParams extends CampaignListFilters {
  /** The merchant whose campaigns are listed. */
  exact_merchant: string;
}

export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignKeys.all, 'list'] as const,
  list: (params: CampaignListParams) => [...campaignKeys.lists(), params] as const,
  /** The admins' queue of submitted and in-review campaigns, every page. */
  reviewQueues: () => [...campaignKeys.all, 'review-queue'] as const,
  reviewQueue: (page: number) => [...campaignKeys.reviewQueues(), page] as const,
  details: () => [...campaignKeys.all, 'detail'] as const,
  detail: (ident: string) => [...campaignKeys.details(), ident] as const,
  statusHistory: (ident: string) => [...campaignKeys.detail(ident), 'status-history'] as const,
  followups: (ident: string) => [...campaignKeys.detail(ident), 'followups'] as const,
  draw: (ident: string) => [...campaignKeys.detail(ident), 'draw'] as const,
  linkOptions: (ident: string) => [...campaignKeys.detail(ident), 'link-options'] as const,
};

/** The API path of one campaign, or of one of its sub-resources and actions (suffix '/approve'). */
export const campaignPath = (ident: string, suffix = ''): string =>
  `/campaigns/${encodeURIComponent(ident)}${suffix}`;
