/** SQL of a campaign's multiple codes: counts, pages, set-based additions, the export. */
import { asc, count, eq, sql } from 'drizzle-orm';
import type { TCampaignCodeStats } from '@backoffice/domain';
import { queryRows, type DbOrTx } from '../../platform/db/client.js';
import { campaignCodes, campaigns } from '../../platform/db/schema.js';

export async function codeStats(db: DbOrTx, campaignId: string): Promise<TCampaignCodeStats> {
  const [row] = await db
    .select({ provided: count(), used: count(campaignCodes.usedAt) })
    .from(campaignCodes)
    .where(eq(campaignCodes.campaignId, campaignId));
  const provided = row?.provided ?? 0;
  const used = row?.used ?? 0;
  return { provided, used, available: provided - used };
}

export async function availableCodes(db: DbOrTx, campaignId: string): Promise<number> {
  return (await codeStats(db, campaignId)).available;
}

export async function codePage(
  db: DbOrTx,
  campaignId: string,
  { page, size: perPage }: { page: number; size: number },
) {
  return db
    .select({
      code: campaignCodes.code,
      usedAt: campaignCodes.usedAt,
      createdAt: campaignCodes.createdAt,
    })
    .from(campaignCodes)
    .where(eq(campaignCodes.campaignId, campaignId))
    .orderBy(asc(campaignCodes.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
}

export async function allCodes(db: DbOrTx, campaignId: string) {
  return db
    .select({ code: campaignCodes.code, usedAt: campaignCodes.usedAt })
    .from(campaignCodes)
    .where(eq(campaignCodes.campaignId, campaignId))
    .orderBy(asc(campaignCodes.id));
}

/**
 * Adds distinct codes in their order in one statement (the list travels as
 * one JSON parameter, whatever its length); codes the campaign already has
 * are skipped by the unique index, also against a concurrent addition.
 * Returns how many were new.
 */
export async function insertCodes(
  db: DbOrTx,
  campaignId: string,
  codes: readonly string[],
): Promise<number> {
  if (codes.length === 0) return 0;
  const [row] = await queryRows<{ added: number }>(
    db,
    sql`with input as (
          select value as code, ordinality as n
          from jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) with ordinality
        ), inserted as (
          insert into ${campaignCodes} (campaign_id, code)
          select ${campaignId}::uuid, code from input order by n
          on conflict (campaign_id, code) do nothing
          returning 1
        )
        select count(*)::int as added from inserted`,
  );
  return row?.added ?? 0;
}

/** Locks the campaign's row for the rest of the transaction; its status. */
export async function lockCampaignStatus(
  db: DbOrTx,
  id: string,
): Promise<(typeof campaigns.$inferSelect)['status'] | undefined> {
  const [locked] = await db
    .select({ id: campaigns.id, status: campaigns.status })
    .from(campaigns)
    .where(eq(campaigns.id, id))
    .for('update');
  return locked?.status;
}
