/**
 * Co-registration and co-participation choices of a campaign (docs/product.md#campaigns
 * Campaign "coreg-suitable flag, coparticipation targets, coreg exclusions",
 * Merchant "Co-reg"). The server checks the chosen campaigns with
 * `linkProblem`; the web shows the switch only where `isCoregAvailable`.
 */
import { COREG_TERM_FIELDS, type TCoregTerms } from '../merchant/profile.js';
import type { CampaignStatus } from './status.js';
import { campaignFamily, type CampaignType } from './types.js';

/** The two lists of other campaigns a campaign names. */
export const CAMPAIGN_LINK_FIELDS = ['coparticipation_targets', 'coreg_exclusions'] as const;
export type CampaignLinkField = (typeof CAMPAIGN_LINK_FIELDS)[number];

/** Co-registration is offered when the merchant switched it on and its terms are complete. */
export function isCoregAvailable(merchant: {
  coreg_enabled: boolean;
  coreg_terms: Partial<TCoregTerms>;
}): boolean {
  return (
    merchant.coreg_enabled &&
    COREG_TERM_FIELDS.every((field) => (merchant.coreg_terms[field] ?? '').trim() !== '')
  );
}

/** A campaign as a link check sees it; undefined when it does not exist. */
export interface LinkedCampaignFacts {
  merchantId: string;
  status: CampaignStatus;
  type: CampaignType;
}

/**
 * Why a chosen campaign cannot be linked. Another merchant's campaign reads
 * as `unknown`, like one that does not exist, so that nobody learns of it;
 * so does a tip for a user who may not use tips (canUseTips).
 */
export type LinkProblem = 'self' | 'duplicate' | 'unknown' | 'deleted';

export interface LinkCheck {
  /** The campaign whose list it is. */
  campaignId: string;
  merchantId: string;
  /** The list as stored: entries kept from it are not checked again (a later deletion keeps them). */
  stored: readonly string[];
  /** What is known of each chosen id (missing: no such campaign). */
  facts: ReadonlyMap<string, LinkedCampaignFacts>;
  /** Whether the user may name tips (canUseTips). */
  tipsAllowed: boolean;
}

/** The first entry of a chosen list that cannot be linked, with its position. */
export function linkProblem(
  chosen: readonly string[],
  check: LinkCheck,
): { index: number; problem: LinkProblem } | undefined {
  const seen = new Set<string>();
  for (const [index, id] of chosen.entries()) {
    const key = id.toLowerCase();
    if (key === check.campaignId.toLowerCase()) return { index, problem: 'self' };
    if (seen.has(key)) return { index, problem: 'duplicate' };
    seen.add(key);
    if (check.stored.some((kept) => kept.toLowerCase() === key)) continue;
    const facts = check.facts.get(key);
    if (
      !facts ||
      facts.merchantId !== check.merchantId ||
      (!check.tipsAllowed && campaignFamily(facts.type) === 'tip')
    )
      return { index, problem: 'unknown' };
    if (facts.status === 'deleted') return { index, problem: 'deleted' };
  }
  return undefined;
}
