/**
 * Co-registration and co-participation of a campaign (docs/product.md#campaigns): the
 * merchant's co-registration as the flow step sees it, the check of chosen
 * co-participation targets and coreg exclusions on save, and the campaigns
 * that may be chosen.
 */
import {
  CAMPAIGN_LINK_FIELDS,
  CAMPAIGN_LINK_OPTIONS_LIMIT,
  campaignFamily,
  campaignPhase,
  canUseTips,
  isCoregAvailable,
  linkProblem,
  type CampaignStatus,
  type CampaignType,
  type LinkedCampaignFacts,
  type TCampaignContent,
  type TCampaignContentPatch,
  type TCampaignLinkOptionsResponse,
} from '@backoffice/domain';
import type { MerchantRow, UserRow } from '../../platform/access/merchant-access.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError, badRequest, fieldPath } from '../../platform/errors.js';
import { campaignFactRows, linkOptionRows } from './link-records.js';
import type { CampaignRecord } from './records.js';

/** The merchant's co-registration for the envelope. */
export function coregOf(merchant: MerchantRow) {
  const available = isCoregAvailable({
    coreg_enabled: merchant.coregEnabled,
    coreg_terms: merchant.coregTerms,
  });
  return { available, default_suitable: available && merchant.coregDefaultSuitable };
}

/**
 * A new campaign is co-reg suitable when its merchant says so (and offers
 * co-registration at all).
 */
export const initialCoregSuitable = (merchant: MerchantRow): boolean =>
  coregOf(merchant).default_suitable;

async function factsOf(db: DbOrTx, ids: readonly string[]) {
  const facts = new Map<string, LinkedCampaignFacts>();
  if (ids.length === 0) return facts;
  const rows = await campaignFactRows(db, ids);
  for (const row of rows) {
    facts.set(row.id.toLowerCase(), {
      merchantId: row.merchantId,
      status: row.status as CampaignStatus,
      type: row.type as CampaignType,
    });
  }
  return facts;
}

/**
 * Refuses chosen campaigns that cannot be linked (400, with the list entry
 * as the field): the campaign itself, a duplicate, a deleted campaign, or
 * one that is not the same merchant's or a tip the user may not use (read as
 * not found; entries kept from the stored list stay). The coreg-suitable
 * switch may only be turned on where the merchant offers co-registration.
 */
export async function checkCampaignLinks(
  db: DbOrTx,
  user: UserRow,
  {
    campaign,
    merchant,
    patch,
  }: { campaign: CampaignRecord; merchant: MerchantRow; patch: TCampaignContentPatch },
): Promise<void> {
  const stored = campaign.content as Partial<TCampaignContent>;
  if (
    patch.coreg_suitable === true &&
    stored.coreg_suitable !== true &&
    !coregOf(merchant).available
  ) {
    throw badRequest('invalid_value', 'coreg_suitable');
  }
  for (const field of CAMPAIGN_LINK_FIELDS) {
    const chosen = patch[field];
    if (!chosen) continue;
    const problem = linkProblem(chosen, {
      campaignId: campaign.id,
      merchantId: campaign.merchantId,
      stored: stored[field] ?? [],
      facts: await factsOf(db, chosen),
      tipsAllowed: canUseTips(user),
    });
    if (!problem) continue;
    const at = fieldPath(`${field}.${problem.index}`) ?? field;
    throw problem.problem === 'duplicate'
      ? new AppError(400, 'duplicate_value', at)
      : badRequest('invalid_value', at);
  }
}

/** The campaigns a campaign may name: the merchant's other living ones, and those already named. */
export async function linkOptions(
  db: DbOrTx,
  user: UserRow,
  campaign: CampaignRecord,
): Promise<TCampaignLinkOptionsResponse> {
  const content = campaign.content as Partial<TCampaignContent>;
  const chosen = [...(content.coparticipation_targets ?? []), ...(content.coreg_exclusions ?? [])];
  const rows = await linkOptionRows(db, campaign, {
    chosen,
    limit: CAMPAIGN_LINK_OPTIONS_LIMIT + chosen.length,
  });
  const now = new Date();
  const tips = canUseTips(user);
  return {
    rows: rows
      .filter((row) => tips || campaignFamily(row.type) !== 'tip' || chosen.includes(row.id))
      .map((row) => ({
        uuid: row.id,
        type: row.type,
        title: row.title,
        current_status: row.status,
        phase: campaignPhase(row.status, row.validFrom, row.validUntil, now),
      })),
  };
}
