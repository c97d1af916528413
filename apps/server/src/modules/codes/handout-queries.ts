/**
 * SQL of the consumer app's reports of handed-out codes: the campaign's row
 * lock that puts a campaign's reports (and its imports) in line, marking a
 * code used once, and the record of a told `codes.low` crossing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { CampaignStatus } from '@backoffice/domain';
import type { DbOrTx } from '../../platform/db/client.js';
import { campaignCodes, campaignCodesLow, campaigns } from '../../platform/db/schema.js';

/**
 * Locks the campaign's row for the rest of the transaction (FOR NO KEY
 * UPDATE: the ingest's batches, which only keep the row from being deleted,
 * go on; another report and an import wait); undefined when there is none.
 */
export async function lockHandoutCampaign(
  tx: DbOrTx,
  id: string,
): Promise<{ id: string; merchantId: string; status: CampaignStatus } | undefined> {
  const [campaign] = await tx
    .select({ id: campaigns.id, merchantId: campaigns.merchantId, status: campaigns.status })
    .from(campaigns)
    .where(eq(campaigns.id, id))
    .for('no key update');
  return campaign;
}

/** The campaign's code with this value: when it was handed out (null: not yet); undefined when it has none. */
export async function findCampaignCode(
  tx: DbOrTx,
  campaignId: string,
  code: string,
): Promise<{ usedAt: Date | null } | undefined> {
  const [row] = await tx
    .select({ usedAt: campaignCodes.usedAt })
    .from(campaignCodes)
    .where(and(eq(campaignCodes.campaignId, campaignId), eq(campaignCodes.code, code)));
  return row;
}

/** Marks the code handed out now (read unused under the campaign's lock); when. */
export async function markCodeUsed(tx: DbOrTx, campaignId: string, code: string): Promise<Date> {
  const [row] = await tx
    .update(campaignCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(campaignCodes.campaignId, campaignId), eq(campaignCodes.code, code)))
    .returning({ usedAt: campaignCodes.usedAt });
  if (!row?.usedAt) throw new Error('the code to mark was not found');
  return row.usedAt;
}

/** Whether the campaign's current crossing of the threshold was told already. */
export async function codesLowRecorded(tx: DbOrTx, campaignId: string): Promise<boolean> {
  const rows = await tx
    .select({ campaignId: campaignCodesLow.campaignId })
    .from(campaignCodesLow)
    .where(eq(campaignCodesLow.campaignId, campaignId));
  return rows.length > 0;
}

/** Notes that the crossing was told (under the campaign's lock: no one else writes it meanwhile). */
export async function insertCodesLow(tx: DbOrTx, campaignId: string): Promise<void> {
  await tx.insert(campaignCodesLow).values({ campaignId }).onConflictDoNothing();
}

/** Forgets the told crossing, so that the next one is told again. */
export async function deleteCodesLow(tx: DbOrTx, campaignId: string): Promise<void> {
  await tx.delete(campaignCodesLow).where(eq(campaignCodesLow.campaignId, campaignId));
}
