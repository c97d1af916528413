/**
 * The campaign status machine (docs/product.md#campaign-states): created → submitted → start_review →
 * approved or rejected; approved → active → ended by the calendar; rejected
 * campaigns return to created when edited, or are submitted again as they
 * are; delete from any living status.
 */
import type { CampaignStatus } from './status.js';

export type TransitionActor = 'merchant' | 'admin' | 'system';

interface Transition {
  from: readonly CampaignStatus[];
  to: CampaignStatus;
  by: readonly TransitionActor[];
}

export const CAMPAIGN_TRANSITIONS = {
  submit: { from: ['created', 'rejected'], to: 'submitted', by: ['merchant', 'admin'] },
  start_review: { from: ['submitted'], to: 'start_review', by: ['admin'] },
  approve: { from: ['submitted', 'start_review'], to: 'approved', by: ['admin', 'system'] },
  reject: { from: ['submitted', 'start_review'], to: 'rejected', by: ['admin'] },
  activate: { from: ['approved'], to: 'active', by: ['system'] },
  end: { from: ['approved', 'active'], to: 'ended', by: ['system'] },
  reopen: { from: ['rejected'], to: 'created', by: ['merchant', 'admin'] },
  delete: {
    from: ['created', 'submitted', 'start_review', 'approved', 'active', 'ended', 'rejected'],
    to: 'deleted',
    by: ['merchant', 'admin'],
  },
} as const satisfies Record<string, Transition>;

export type CampaignTransition = keyof typeof CAMPAIGN_TRANSITIONS;

export function canTransition(
  transition: CampaignTransition,
  from: CampaignStatus,
  actor: TransitionActor,
): boolean {
  const rule: Transition = CAMPAIGN_TRANSITIONS[transition];
  return rule.from.includes(from) && rule.by.includes(actor);
}

/** Statuses about which the merchant's contacts are mailed. */
export const NOTIFIED_STATUSES: readonly CampaignStatus[] = [
  'approved',
  'rejected',
  'active',
  'ended',
];
