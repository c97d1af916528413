/**
 * Data access of site search and tags. Campaign hits come from the merchants
 * whose campaigns the caller may manage, merchant hits from those the caller
 * may act for: both through the access resolver's rule.
 */
import { and, asc, desc, eq, ilike, ne } from 'drizzle-orm';
import {
  accessibleMerchants,
  visibleCampaignsCondition,
  type CampaignVisibility,
  type UserRow,
} from '../../platform/access/merchant-access.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { campaigns, merchants, tags } from '../../platform/db/schema.js';
import {
  campaignTextMatches,
  containsPattern,
  merchantNameMatches,
  merchantNameOrder,
  prefixPattern,
} from '../../platform/db/text-search.js';

/**
 * What a hit shows, and no more: a campaign's content (up to megabytes of
 * rich text) and search text, or a merchant's profile, are not read for it.
 */
const merchantHitColumns = {
  id: merchants.id,
  name: merchants.name,
  brandName: merchants.brandName,
};
const campaignHitColumns = {
  campaign: {
    id: campaigns.id,
    merchantId: campaigns.merchantId,
    type: campaigns.type,
    status: campaigns.status,
    title: campaigns.title,
    validFrom: campaigns.validFrom,
    validUntil: campaigns.validUntil,
  },
  merchantName: merchants.name,
  brandName: merchants.brandName,
};

export type MerchantHitRow = Pick<typeof merchants.$inferSelect, keyof typeof merchantHitColumns>;
export interface CampaignHitRow {
  campaign: Pick<typeof campaigns.$inferSelect, keyof (typeof campaignHitColumns)['campaign']>;
  merchantName: string;
  brandName: string | null;
}

export async function searchMerchants(
  db: DbOrTx,
  user: UserRow,
  query: { text: string; byId: boolean; limit: number },
): Promise<MerchantHitRow[]> {
  return db
    .select(merchantHitColumns)
    .from(merchants)
    .where(
      and(
        accessibleMerchants(user, merchants.id),
        query.byId ? eq(merchants.id, query.text) : merchantNameMatches(query.text),
      ),
    )
    .orderBy(merchantNameOrder())
    .limit(query.limit);
}

export async function searchCampaigns(
  db: DbOrTx,
  user: UserRow,
  query: { text: string; byId: boolean; limit: number } & CampaignVisibility,
): Promise<CampaignHitRow[]> {
  return db
    .select(campaignHitColumns)
    .from(campaigns)
    .innerJoin(merchants, eq(merchants.id, campaigns.merchantId))
    .where(
      and(
        accessibleMerchants(user, campaigns.merchantId, { role: 'manage-campaigns' }),
        ne(campaigns.status, 'deleted'),
        visibleCampaignsCondition(query, campaigns.type),
        query.byId
          ? eq(campaigns.id, query.text)
          : campaignTextMatches(containsPattern(query.text), { useIndex: true }),
      ),
    )
    .orderBy(desc(campaigns.modifiedAt))
    .limit(query.limit);
}

export async function tagsStartingWith(
  db: DbOrTx,
  text: string | undefined,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ name: tags.name })
    .from(tags)
    .where(text ? ilike(tags.name, prefixPattern(text)) : undefined)
    .orderBy(asc(tags.name))
    .limit(limit);
  return rows.map((row) => row.name);
}

export async function addTag(db: DbOrTx, name: string): Promise<void> {
  await db.insert(tags).values({ name }).onConflictDoNothing();
}
