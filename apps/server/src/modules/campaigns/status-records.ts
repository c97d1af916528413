/**
 * Data access for campaign status changes: the status history (written with
 * every change, read as the campaign's history), the conditional update that
 * moves a campaign on only from the status it was read with, and the
 * scheduler's campaigns due for approval, start or end.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { campaignStatusHistory, campaigns, users } from '../../platform/db/schema.js';
import type { CampaignInsert, CampaignRecord } from './records.js';

type StatusHistoryRow = typeof campaignStatusHistory.$inferSelect;
type StatusHistoryInsert = typeof campaignStatusHistory.$inferInsert;

export async function insertStatusHistory(db: DbOrTx, values: StatusHistoryInsert): Promise<void> {
  await db.insert(campaignStatusHistory).values(values);
}

/** The campaign's status changes, oldest first, with the email of who made them. */
export function statusHistoryRows(
  db: DbOrTx,
  campaignId: string,
): Promise<{ entry: StatusHistoryRow; email: string | null }[]> {
  return db
    .select({ entry: campaignStatusHistory, email: users.email })
    .from(campaignStatusHistory)
    .leftJoin(users, eq(users.id, campaignStatusHistory.userId))
    .where(eq(campaignStatusHistory.campaignId, campaignId))
    .orderBy(asc(campaignStatusHistory.createdAt), asc(campaignStatusHistory.id));
}

/**
 * Moves a campaign on only when it still has the status it was read with;
 * the updated row, undefined when it moved meanwhile.
 */
export async function updateStatusIf(
  tx: DbOrTx,
  { id, status: fromStatus }: { id: string; status: CampaignRecord['status'] },
  values: Partial<CampaignInsert>,
): Promise<CampaignRecord | undefined> {
  const [updated] = await tx
    .update(campaigns)
    .set({ ...values, modifiedAt: sql`now()` })
    .where(and(eq(campaigns.id, id), eq(campaigns.status, fromStatus)))
    .returning();
  return updated;
}

/** Submitted campaigns and those in review whose auto-approval time has come. */
export function campaignsDueForApproval(tx: DbOrTx, now: Date): Promise<CampaignRecord[]> {
  return tx
    .select()
    .from(campaigns)
    .where(
      and(
        inArray(campaigns.status, ['submitted', 'start_review']),
        lte(campaigns.autoApproveAt, now),
      ),
    );
}

/** Approved or active campaigns whose runtime is over. */
export function campaignsDueToEnd(tx: DbOrTx, now: Date): Promise<CampaignRecord[]> {
  return tx
    .select()
    .from(campaigns)
    .where(and(inArray(campaigns.status, ['approved', 'active']), lte(campaigns.validUntil, now)));
}

/** Approved campaigns whose runtime has begun and is not over. */
export function campaignsDueToStart(tx: DbOrTx, now: Date): Promise<CampaignRecord[]> {
  return tx
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'approved'),
        lte(campaigns.validFrom, now),
        sql`${campaigns.validUntil} > ${now.toISOString()}`,
      ),
    );
}
