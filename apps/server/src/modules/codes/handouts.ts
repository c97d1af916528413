/**
 * The consumer app's report that one of a campaign's codes was handed out
 * (docs/api.md "Handed-out codes"), with its API key: the code, named by its
 * value, is marked used once. Reporting it again changes nothing and gets
 * the same answer. Each report runs under the campaign's row lock, so that
 * reports of the last codes arriving together count one after the other
 * and the `codes.low` crossing is told exactly once (codes-low.ts).
 */
import type { CampaignStatus, TCodeHandoutResponse } from '@backoffice/domain';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { recordCodesLowOnce } from './codes-low.js';
import { findCampaignCode, lockHandoutCampaign, markCodeUsed } from './handout-queries.js';

/** The statuses of a published campaign, whose codes the consumer app may hand out. */
const PUBLISHED: readonly CampaignStatus[] = ['approved', 'active', 'ended'];

export async function reportCodeHandout(
  db: Db,
  { campaignId, code }: { campaignId: string; code: string },
): Promise<TCodeHandoutResponse> {
  const answer = (at: Date): TCodeHandoutResponse => ({
    campaign: campaignId,
    code,
    handed_out_at: at.toISOString(),
  });
  return db.transaction(async (tx) => {
    const campaign = await lockHandoutCampaign(tx, campaignId);
    if (!campaign) throw new AppError(404, 'not_found', 'campaign');
    const stored = await findCampaignCode(tx, campaignId, code);
    // A report sent again gets the first answer, whatever became of the campaign since.
    if (stored?.usedAt) return answer(stored.usedAt);
    if (campaign.status === 'deleted') throw new AppError(404, 'campaign_deleted', 'campaign');
    if (!PUBLISHED.includes(campaign.status))
      throw new AppError(409, 'campaign_not_published', 'campaign');
    if (!stored) throw new AppError(404, 'not_found', 'code');
    const usedAt = await markCodeUsed(tx, campaignId, code);
    await recordCodesLowOnce(tx, campaign);
    return answer(usedAt);
  });
}
