/**
 * Data access of site search and tags. Campaign hits come from the merchants
 * whose campaigns the caller may manage, merchant hits from those the caller
 * may act for: both through the access resolver's rule.
 */
import { and, asc, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  accessibleMerchants,
  campaignVisibility,
  tokenGrantOf,
  visibleCampaignsCondition,
  type Caller,
} from '../../platform/access/merchant-access.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { prepared } from '../../platform/db/prepared.js';
import { campaigns, merchants, tags } from '../../platform/db/schema.js';
import {
  campaignTextMatches,
  containsPattern,
  merchantNameOrder,
  merchantNamePatternMatches,
  prefixPattern,
} from '../../platform/db/text-search.js';

/** A campaign hit: what its line in the search field shows, and no more. */
export interface CampaignHitRow {
  campaign: Pick<
    typeof campaigns.$inferSelect,
    'id' | 'merchantId' | 'type' | 'status' | 'title' | 'validFrom' | 'validUntil'
  >;
  merchantName: string;
  brandName: string | null;
}
export type MerchantHitRow = Pick<typeof merchants.$inferSelect, 'id' | 'name' | 'brandName'>;

export interface SiteSearchQuery {
  text: string;
  byId: boolean;
  limit: number;
}

/**
 * What a search statement looks like apart from its values: the caller's
 * kind as the access resolver's SQL rule tells them apart (admins see every
 * merchant, agencies their linked ones with every role, others by their
 * roles), whether tips are visible, and whether the text is an id. A token
 * caller's grant is a value of its statement, which is therefore built on
 * each call and never kept.
 */
interface SearchShape {
  level: Caller['level'];
  includeTips: boolean;
  byId: boolean;
  limit: number;
}

/** The values of a search; `bind` turns each into a placeholder or a parameter. */
type SearchValues = { userId: string; id: string; pattern: string };
type Bind = (name: keyof SearchValues) => unknown;

/** JSON of a hit's columns, as json_build_object pairs (a campaign's content is never read for it). */
const jsonObject = (pairs: Record<string, SQL | AnyPgColumn>): SQL =>
  sql`json_build_object(${sql.join(
    Object.entries(pairs).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  )})`;

/**
 * The hits of a query as one JSON array, in the query's order: an aggregate
 * takes the rows of a sorted subquery in that order when nothing else (no
 * join, no grouping) happens at its own level.
 */
const hitsArray = (query: SQL): SQL =>
  sql`(select coalesce(json_agg(hits.hit), '[]'::json) from (${query}) hits)`;

/**
 * Campaign hits (of the merchants whose campaigns the caller may manage,
 * newest change first) and merchant hits (those the caller may act for, by
 * name) in one statement: one round trip for both lists. `caller` is the
 * access resolver's input: its level, and for a token its grant.
 */
function hitsStatement(
  db: DbOrTx,
  {
    caller,
    shape,
    bind,
  }: { caller: Pick<Caller, 'id' | 'level' | 'token'>; shape: SearchShape; bind: Bind },
) {
  const userId = bind('userId');
  const campaignHits = db
    .select({
      hit: jsonObject({
        id: campaigns.id,
        merchantId: campaigns.merchantId,
        type: campaigns.type,
        status: campaigns.status,
        title: campaigns.title,
        // As text, the driver's format: mapped to dates as the columns map it (campaignHitOf).
        validFrom: sql`${campaigns.validFrom}::text`,
        validUntil: sql`${campaigns.validUntil}::text`,
        merchantName: merchants.name,
        brandName: merchants.brandName,
      }).as('hit'),
    })
    .from(campaigns)
    .innerJoin(merchants, eq(merchants.id, campaigns.merchantId))
    .where(
      and(
        accessibleMerchants(caller, campaigns.merchantId, { role: 'manage-campaigns', userId }),
        ne(campaigns.status, 'deleted'),
        visibleCampaignsCondition(shape, campaigns.type),
        shape.byId
          ? sql`${campaigns.id} = ${bind('id')}`
          : campaignTextMatches(bind('pattern'), { useIndex: true }),
      ),
    )
    .orderBy(desc(campaigns.modifiedAt))
    .limit(shape.limit);
  const merchantHits = db
    .select({
      hit: jsonObject({
        id: merchants.id,
        name: merchants.name,
        brandName: merchants.brandName,
      }).as('hit'),
    })
    .from(merchants)
    .where(
      and(
        accessibleMerchants(caller, merchants.id, { userId }),
        shape.byId
          ? sql`${merchants.id} = ${bind('id')}`
          : merchantNamePatternMatches(bind('pattern')),
      ),
    )
    .orderBy(merchantNameOrder())
    .limit(shape.limit);
  return db
    .select({
      campaignHits: hitsArray(campaignHits.getSQL()).mapWith(
        (value) => parsedJson(value) as CampaignHitJson[],
      ),
      merchantHits: hitsArray(merchantHits.getSQL()).mapWith(
        (value) => parsedJson(value) as MerchantHitRow[],
      ),
    })
    .from(sql`(select 1) one`);
}

/** A json column as the driver gives it: parsed by node-postgres and PGlite alike, else parsed here. */
const parsedJson = (value: unknown): unknown =>
  typeof value === 'string' ? (JSON.parse(value) as unknown) : value;

type CampaignHitJson = Omit<CampaignHitRow['campaign'], 'validFrom' | 'validUntil'> & {
  validFrom: string | null;
  validUntil: string | null;
  merchantName: string;
  brandName: string | null;
};

/** A timestamp column's text as the driver gives it, mapped to a date as the column maps it. */
const dateOf = (column: AnyPgColumn, text: string | null): Date | null =>
  text === null ? null : (column.mapFromDriverValue(text) as Date);

/** A campaign hit read as JSON: the row the columns' own select would have given. */
function campaignHitOf({ merchantName, brandName, ...hit }: CampaignHitJson): CampaignHitRow {
  return {
    campaign: {
      ...hit,
      validFrom: dateOf(campaigns.validFrom, hit.validFrom),
      validUntil: dateOf(campaigns.validUntil, hit.validUntil),
    },
    merchantName,
    brandName,
  };
}

/**
 * The campaigns and merchants matching a text or an id that the caller may
 * see, at most `limit` of each, in one round trip. A person's statement is
 * prepared once per shape (planned on each call for a text, whose best plan
 * depends on how frequent it is, as the list's searches are).
 */
export async function searchHits(
  db: DbOrTx,
  caller: Caller,
  query: SiteSearchQuery,
): Promise<{ campaigns: CampaignHitRow[]; merchants: MerchantHitRow[] }> {
  const shape: SearchShape = {
    level: caller.level,
    includeTips: campaignVisibility(caller).includeTips,
    byId: query.byId,
    limit: query.limit,
  };
  const values: SearchValues = {
    userId: caller.id,
    id: query.byId ? query.text : '',
    pattern: query.byId ? '' : containsPattern(query.text),
  };
  const [row] = tokenGrantOf(caller)
    ? await hitsStatement(db, { caller, shape, bind: (name) => values[name] })
    : await prepared(
        db,
        { key: `site-search:${JSON.stringify(shape)}`, planEachCall: !shape.byId },
        (name) =>
          // The rule reads only the level: the user's id is the statement's placeholder.
          hitsStatement(db, {
            caller: { id: '', level: shape.level },
            shape,
            bind: (value) => sql.placeholder(value),
          }).prepare(name),
      ).execute(values);
  return {
    campaigns: (row?.campaignHits ?? []).map(campaignHitOf),
    merchants: row?.merchantHits ?? [],
  };
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
