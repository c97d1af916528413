/**
 * Site search and tags: what the caller may find (campaigns of the merchants
 * they may manage, merchants they may act for), as hits for the search field.
 */
import { campaignPhase, canUseTips, type TSiteSearchHit } from '@backoffice/domain';
import type { UserRow } from '../../platform/users/users.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { forbidden } from '../../platform/errors.js';
import { addTag, searchHits, tagsStartingWith } from './queries.js';

const HIT_LIMIT = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TAG_LIMIT = 20;

/** Campaigns and merchants matching a text, or the one whose id it is. */
async function siteSearch(db: DbOrTx, user: UserRow, q: string): Promise<TSiteSearchHit[]> {
  const byId = UUID.test(q);
  const { campaigns: campaignRows, merchants: merchantRows } = await searchHits(db, user, {
    text: q,
    byId,
    limit: HIT_LIMIT,
  });
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
function suggestTags(db: DbOrTx, text: string): Promise<string[]> {
  return tagsStartingWith(db, text, TAG_LIMIT);
}

/**
 * Adds a tag (tips, and so tags, are for admins and agencies), in lower case
 * as ZTagCreateBody parsed it; answers its stored name.
 */
async function createTag(db: DbOrTx, user: UserRow, name: string): Promise<string> {
  if (!canUseTips(user)) throw forbidden();
  await addTag(db, name);
  return name;
}

/** Site search and tags, as the routes call them (built once in services.ts). */
export function createSearchService(db: Db) {
  return {
    siteSearch: (user: UserRow, q: string) => siteSearch(db, user, q),
    suggestTags: (text: string) => suggestTags(db, text),
    createTag: (user: UserRow, name: string) => createTag(db, user, name),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
