import type { CampaignStatus } from './status.js';

/** Campaign phases (docs/product.md#campaign-states), derived from status and dates. */
export const CAMPAIGN_PHASES = [
  'running',
  'pending',
  'missing_approval',
  'ended',
  'invalid',
] as const;
export type CampaignPhase = (typeof CAMPAIGN_PHASES)[number];

/** Values of the runtime filter of the campaign list (docs/product.md#the-campaign-list). */
export const RUNTIME_FILTERS = ['running', 'pending', 'missing_approval', 'ended'] as const;
export type RuntimeFilter = (typeof RUNTIME_FILTERS)[number];

export type PhaseColour = 'green' | 'light-red' | 'red' | 'yellow' | 'grey-blue';

/**
 * The colour of a phase badge (docs/product.md#campaign-states). Returns undefined where no phase is
 * shown: for deleted or rejected campaigns.
 */
export function phaseColour(phase: CampaignPhase, status: CampaignStatus): PhaseColour | undefined {
  if (status === 'deleted' || status === 'rejected') return undefined;
  switch (phase) {
    case 'running':
      return status === 'active' ? 'green' : 'light-red';
    case 'missing_approval':
      return 'red';
    case 'pending':
      return 'yellow';
    case 'ended':
      return 'grey-blue';
    case 'invalid':
      return 'light-red';
  }
}

/** Statuses whose campaigns wait for approval. */
export const UNAPPROVED_STATUSES: readonly CampaignStatus[] = [
  'created',
  'submitted',
  'start_review',
];
/** Statuses whose campaigns are approved to run. */
export const APPROVED_STATUSES: readonly CampaignStatus[] = ['approved', 'active'];

/**
 * The phase of a campaign at a moment (docs/product.md#campaign-states). Deleted and rejected
 * campaigns have none. The campaign list's runtime filter uses the same rule
 * in SQL (apps/server campaigns queries); the two are tested against each other.
 *
 * - invalid: the runtime is missing or ends before it starts;
 * - ended: the runtime is over (or the status says so);
 * - missing_approval: not yet approved while the runtime has not ended;
 * - pending: approved, the runtime has not started;
 * - running: approved and inside the runtime (green once active).
 */
export function campaignPhase(
  status: CampaignStatus,
  validFrom: Date | null,
  validUntil: Date | null,
  now: Date = new Date(),
): CampaignPhase | null {
  if (status === 'deleted' || status === 'rejected') return null;
  if (!validFrom || !validUntil || validUntil <= validFrom) return 'invalid';
  if (status === 'ended' || now >= validUntil) return 'ended';
  if (UNAPPROVED_STATUSES.includes(status)) return 'missing_approval';
  if (now < validFrom) return 'pending';
  return 'running';
}
