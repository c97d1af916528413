/** Campaign statuses (docs/product.md#campaign-states). */
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
