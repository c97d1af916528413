/**
 * Site search and tags: what the caller may find (campaigns of the merchants
 * they may manage, merchants they may act for), as hits for the search field.
 */
import { campaignPhase, canUseTips, type TSiteSearchHit } from '@backoffice/domain';
import { campaignVisibility } from '../../platform/access/merchant-access.js';
import type { UserRow } from '../../platform/users/users.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { forbidden } from '../../platform/errors.js';
import { addTag, searchCampaigns, searchMerchants, tagsStartingWith } from './queries.js';

const HIT_LIMIT = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TAG_LIMIT = 20;

/** Campaigns and merchants matching a text, or the one whose id it is. */
export async function siteSearch(db: DbOrTx, user: UserRow, q: string): Promise<TSiteSearchHit[]> {
  const byId = UUID.test(q);
  const [campaignRows, merchantRows] = await Promise.all([
    searchCampaigns(db, user, { text: q, byId, ...campaignVisibility(user) }, HIT_LIMIT),
    searchMerchants(db, user, { text: q, byId }, HIT_LIMIT),
  ]);
  const now = new Date();
  const hits: TSiteSearchHit[] = [
    ...campaignRows.map(({ campaign, merchantName, brandName }) => ({
      type: campaign.type,
      label: campaign.title[user.locale] ?? campaign.title.de ?? campaign.id,
      ident: campaign.id,
      merchantIdent: campaign.merchantId,
      by_uuid: byId,
      more: {
        phase: campaignPhase(campaign.status, campaign.validFrom, campaign.validUntil, now),
        merchant: merchantName,
        valid_from: campaign.validFrom?.toISOString() ?? null,
        valid_until: campaign.validUntil?.toISOString() ?? null,
        current_status: campaign.status,
        brand_name: brandName,
      },
    })),
    ...merchantRows.map((merchant) => ({
      type: 'merchant' as const,
      label: merchant.name,
      ident: merchant.id,
      merchantIdent: merchant.id,
      by_uuid: byId,
      more: {
        phase: null,
        merchant: merchant.name,
        valid_from: null,
        valid_until: null,
        current_status: null,
        brand_name: merchant.brandName,
      },
    })),
  ];
  return hits.slice(0, HIT_LIMIT);
}

/** Tags starting with a text, for autocompletion. */
export function suggestTags(db: DbOrTx, text: string): Promise<string[]> {
  return tagsStartingWith(db, text, TAG_LIMIT);
}

/**
 * Adds a tag (tips, and so tags, are for admins and agencies), in lower case
 * as ZTagCreateBody parsed it; answers its stored name.
 */
export async function createTag(db: DbOrTx, user: UserRow, name: string): Promise<string> {
  if (!canUseTips(user)) throw forbidden();
  await addTag(db, name);
  return name;
}
