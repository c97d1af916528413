import type { CampaignStatus } from './status.js';

/** Campaign phases (spec §4), derived from status and dates. */
export const CAMPAIGN_PHASES = [
  'running',
  'pending',
  'missing_approval',
  'ended',
  'invalid',
] as const;
export type CampaignPhase = (typeof CAMPAIGN_PHASES)[number];

/** Values of the runtime filter of the campaign list (spec §9). */
export const RUNTIME_FILTERS = ['running', 'pending', 'missing_approval', 'ended'] as const;
export type RuntimeFilter = (typeof RUNTIME_FILTERS)[number];

export type PhaseColour = 'green' | 'light-red' | 'red' | 'yellow' | 'grey-blue';

/**
 * The colour of a phase badge (spec §4). Returns undefined where no phase is
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
