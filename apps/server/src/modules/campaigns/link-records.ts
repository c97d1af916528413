/** Data access of campaign links (co-participation targets, coreg exclusions): the campaigns a link may name. */
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { campaigns } from '../../platform/db/schema.js';

/**
 * Locks a campaign for its save (FOR UPDATE) and the campaigns the save
 * names as link targets (FOR SHARE), in id order: the order of every command
 * that locks several campaigns (ingest's batches, unlinking follow-ups). Two
 * saves of campaigns that name each other then wait for one another; with
 * the own row first and the targets after it they deadlocked.
 * campaignFactRows reads the targets later under these locks.
 */
export async function lockCampaignAndTargets(
  db: DbOrTx,
  id: string,
  targets: readonly string[],
): Promise<void> {
  const others = [...new Set(targets.map((target) => target.toLowerCase()))].filter(
    (target) => target !== id,
  );
  const share = async (ids: string[]) => {
    if (ids.length === 0) return;
    await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(inArray(campaigns.id, ids))
      .orderBy(campaigns.id)
      .for('share');
  };
  // Canonical uuids in lower case sort as PostgreSQL orders uuids.
  await share(others.filter((target) => target < id));
  await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, id)).for('update');
  await share(others.filter((target) => target > id));
}

/** Merchant, status and type of the campaigns among the ids (compared in lower case). */
export function campaignFactRows(
  db: DbOrTx,
  ids: readonly string[],
): Promise<{ id: string; merchantId: string; status: string; type: string }[]> {
  return (
    db
      .select({
        id: campaigns.id,
        merchantId: campaigns.merchantId,
        status: campaigns.status,
        type: campaigns.type,
      })
      .from(campaigns)
      .where(inArray(campaigns.id, [...new Set(ids.map((id) => id.toLowerCase()))]))
      // Shared row locks until the save commits: a deletion of a target (which
      // locks its row) commits before this reads the status, or waits until
      // the links are stored; a deleted campaign is never linked anew.
      .for('share')
  );
}

/**
 * The campaigns a campaign may name, newest change first: the merchant's other
 * living ones, and those of the merchant already named (`chosen`).
 */
export function linkOptionRows(
  db: DbOrTx,
  campaign: { id: string; merchantId: string },
  { chosen, limit }: { chosen: string[]; limit: number },
) {
  const living = and(
    eq(campaigns.merchantId, campaign.merchantId),
    ne(campaigns.id, campaign.id),
    ne(campaigns.status, 'deleted'),
  );
  const named =
    chosen.length > 0
      ? and(eq(campaigns.merchantId, campaign.merchantId), inArray(campaigns.id, chosen))
      : sql`false`;
  return db
    .select({
      id: campaigns.id,
      type: campaigns.type,
      title: campaigns.title,
      status: campaigns.status,
      validFrom: campaigns.validFrom,
      validUntil: campaigns.validUntil,
    })
    .from(campaigns)
    .where(or(living, named))
    .orderBy(desc(campaigns.modifiedAt), desc(campaigns.id))
    .limit(limit);
}
