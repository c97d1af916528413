/**
 * The webhook event `codes.low` (docs/product.md#webhooks): a campaign whose
 * codes fall below the threshold (domain codesRunLow: fewer than 10 % or
 * fewer than 100 left) by a handed-out code is told once, in the report's
 * transaction; an import that lifts its codes above the threshold again
 * re-arms it. Both run under the campaign's row lock, so concurrent reports
 * and imports see each other's counts.
 */
import { CODES_CLOSED_STATUSES, codesRunLow, type CampaignStatus } from '@backoffice/domain';
import type { DbOrTx } from '../../platform/db/client.js';
import { recordWebhookEvents } from '../webhooks/index.js';
import { codesLowRecorded, deleteCodesLow, insertCodesLow } from './handout-queries.js';
import { codeStats } from './queries.js';

/** The codes' counts as the threshold and the event name them. */
async function codeCounts(tx: DbOrTx, campaignId: string) {
  const stats = await codeStats(tx, campaignId);
  return { total: stats.provided, left: stats.available };
}

/**
 * After a code was handed out: records `codes.low` when the codes are now
 * below the threshold and this crossing was not told yet. Only while codes
 * can still be added (not for an ended campaign, whose codes are final and
 * whose sweepstake hands out its prizes' codes after the end).
 */
export async function recordCodesLowOnce(
  tx: DbOrTx,
  campaign: { id: string; merchantId: string; status: CampaignStatus },
): Promise<void> {
  if ((CODES_CLOSED_STATUSES as readonly CampaignStatus[]).includes(campaign.status)) return;
  if (await codesLowRecorded(tx, campaign.id)) return;
  const counts = await codeCounts(tx, campaign.id);
  if (!codesRunLow(counts)) return;
  await insertCodesLow(tx, campaign.id);
  await recordWebhookEvents(tx, [
    {
      type: 'codes.low',
      merchantId: campaign.merchantId,
      data: {
        campaign_id: campaign.id,
        merchant_id: campaign.merchantId,
        codes_total: counts.total,
        codes_left: counts.left,
      },
    },
  ]);
}

/** After an import: a told crossing is forgotten once the codes are above the threshold again. */
export async function rearmCodesLow(tx: DbOrTx, campaignId: string): Promise<void> {
  if (!(await codesLowRecorded(tx, campaignId))) return;
  if (codesRunLow(await codeCounts(tx, campaignId))) return;
  await deleteCodesLow(tx, campaignId);
}
