/** Campaign statuses (spec §4). */
export const CAMPAIGN_STATUSES = [
  'created',
  'submitted',
  'start_review',
  'approved',
  'active',
  'ended',
  'deleted',
  'rejected',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
