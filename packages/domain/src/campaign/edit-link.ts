import type { CampaignStatus } from './status.js';

/** Statuses whose campaigns open on the review page instead of the benefit page (docs/product.md#the-campaign-list). */
export const REVIEW_FIRST_STATUSES: readonly CampaignStatus[] = [
  'approved',
  'ended',
  'submitted',
  'start_review',
  'deleted',
  'active',
];

export const CAMPAIGN_STEPS = [
  'benefit',
  'content',
  'image',
  'handling',
  'requireddata',
  'review',
] as const;
export type CampaignStep = (typeof CAMPAIGN_STEPS)[number];

/** Where the edit action of a campaign leads. */
export function editStep(status: CampaignStatus): 'review' | 'benefit' {
  return REVIEW_FIRST_STATUSES.includes(status) ? 'review' : 'benefit';
}

/** A campaign can be edited only before it is submitted (docs/product.md#campaign-states). */
export function isEditableStatus(status: CampaignStatus): boolean {
  return status === 'created' || status === 'rejected';
}
