/** Data access for single campaigns: a campaign (locked on request), its follow-ups, the review queue, image use. */
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE } from '@backoffice/domain';
import type { DbOrTx } from '../../db/client.js';
import { campaigns, merchants, users } from '../../db/schema.js';

export type CampaignRecord = typeof campaigns.$inferSelect;
export interface CampaignListRecord {
  campaign: CampaignRecord;
  merchantName: string;
  editorEmail: string | null;
}

/**
 * One campaign. With `lock` (inside a transaction) its row stays locked until
 * the transaction ends, so that commands on one campaign run one after the other.
 */
export async function findCampaign(
  db: DbOrTx,
  id: string,
  options: { lock?: boolean } = {},
): Promise<CampaignListRecord | undefined> {
  const query = db
    .select({ campaign: campaigns, merchantName: merchants.name, editorEmail: users.email })
    .from(campaigns)
    .innerJoin(merchants, eq(merchants.id, campaigns.merchantId))
    .leftJoin(users, eq(users.id, campaigns.editorId))
    .where(eq(campaigns.id, id));
  const [row] = await (options.lock ? query.for('update', { of: campaigns }) : query);
  return row;
}

/** Whether any campaign but the given one uses an image file (clones made before files were copied share them). */
export async function imageInUse(
  db: DbOrTx,
  imagePath: string,
  exceptId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.imagePath, imagePath), ne(campaigns.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** The living follow-ups of a campaign, oldest first. */
export async function findFollowups(db: DbOrTx, parentId: string): Promise<CampaignListRecord[]> {
  return db
    .select({ campaign: campaigns, merchantName: merchants.name, editorEmail: users.email })
    .from(campaigns)
    .innerJoin(merchants, eq(merchants.id, campaigns.merchantId))
    .leftJoin(users, eq(users.id, campaigns.editorId))
    .where(and(eq(campaigns.parentId, parentId), ne(campaigns.status, 'deleted')))
    .orderBy(asc(campaigns.createdAt), asc(campaigns.id));
}

/** The review queue: submitted campaigns and those in review, oldest change first. */
export async function listReviewQueue(
  db: DbOrTx,
  page: number,
): Promise<{ rows: CampaignListRecord[]; total: number }> {
  const where = inArray(campaigns.status, ['submitted', 'start_review']);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ campaign: campaigns, merchantName: merchants.name, editorEmail: users.email })
      .from(campaigns)
      .innerJoin(merchants, eq(merchants.id, campaigns.merchantId))
      .leftJoin(users, eq(users.id, campaigns.editorId))
      .where(where)
      .orderBy(asc(campaigns.modifiedAt), asc(campaigns.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((page - 1) * DEFAULT_PAGE_SIZE),
    db.select({ total: count() }).from(campaigns).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
