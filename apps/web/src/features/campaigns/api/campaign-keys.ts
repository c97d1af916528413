/** Query-key factory of the campaign resource; invalidate by prefix (e.g. campaignKeys.lists()). */
import type { CampaignListFilters } from '../../../shared/paths';

export interface CampaignListParams extends CampaignListFilters {
  /** The merchant whose campaigns are listed. */
  exact_merchant: string;
}

export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignKeys.all, 'list'] as const,
  list: (params: CampaignListParams) => [...campaignKeys.lists(), params] as const,
  details: () => [...campaignKeys.all, 'detail'] as const,
  detail: (ident: string) => [...campaignKeys.details(), ident] as const,
  statusHistory: (ident: string) => [...campaignKeys.detail(ident), 'status-history'] as const,
  followups: (ident: string) => [...campaignKeys.detail(ident), 'followups'] as const,
  draw: (ident: string) => [...campaignKeys.detail(ident), 'draw'] as const,
};

export const campaignPath = (ident: string, suffix = ''): string =>
  `/campaigns/${encodeURIComponent(ident)}${suffix}`;
