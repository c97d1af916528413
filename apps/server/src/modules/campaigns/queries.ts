/** Data access for campaigns: the filtered, ordered, paged list and single rows. */
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  like,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  APPROVED_STATUSES,
  DEFAULT_PAGE_SIZE,
  UNAPPROVED_STATUSES,
  type CampaignOrderOption,
  type RuntimeFilter,
  type TCampaignListQuery,
} from '@backoffice/domain';
import type { DbOrTx } from '../../db/client.js';
import { accounts, campaigns, merchants, users } from '../../db/schema.js';

export type CampaignRecord = typeof campaigns.$inferSelect;
export interface CampaignListRecord {
  campaign: CampaignRecord;
  merchantName: string;
  editorEmail: string | null;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL for "the runtime is well-formed", shared by every phase. */
const validRuntime = and(
  isNotNull(campaigns.validFrom),
  isNotNull(campaigns.validUntil),
  sql`${campaigns.validUntil} > ${campaigns.validFrom}`,
);

/** The runtime filter: the same rule as campaignPhase() of the domain package, in SQL. */
export function phaseCondition(phase: RuntimeFilter): SQL | undefined {
  const now = sql`now()`;
  switch (phase) {
    case 'running':
      return and(
        inArray(campaigns.status, [...APPROVED_STATUSES]),
        validRuntime,
        sql`${campaigns.validFrom} <= ${now}`,
        sql`${campaigns.validUntil} > ${now}`,
      );
    case 'pending':
      return and(
        inArray(campaigns.status, [...APPROVED_STATUSES]),
        validRuntime,
        sql`${campaigns.validFrom} > ${now}`,
      );
    case 'missing_approval':
      return and(
        inArray(campaigns.status, [...UNAPPROVED_STATUSES]),
        validRuntime,
        sql`${campaigns.validUntil} > ${now}`,
      );
    case 'ended':
      return and(
        sql`${campaigns.status} not in ('deleted', 'rejected')`,
        validRuntime,
        or(eq(campaigns.status, 'ended'), sql`${campaigns.validUntil} <= ${now}`),
      );
  }
}

/**
 * Sort columns. Nullable ones sort empty values last in both directions;
 * NOT NULL ones use plain asc/desc so that one index serves both directions.
 */
const orderColumns = {
  valid_from: { column: campaigns.validFrom, nullable: true },
  valid_until: { column: campaigns.validUntil, nullable: true },
  modified: { column: campaigns.modifiedAt, nullable: false },
  created: { column: campaigns.createdAt, nullable: false },
  // Untitled campaigns sort as the empty title; the same expression is indexed.
  title: { column: sql`coalesce(lower(${campaigns.title} ->> 'de'), '')`, nullable: false },
  type: { column: campaigns.type, nullable: false },
  status: { column: campaigns.status, nullable: false },
} as const;

function orderBy(option: CampaignOrderOption): SQL[] {
  const reverse = option.startsWith('-');
  const field = (reverse ? option.slice(1) : option) as keyof typeof orderColumns;
  const { column, nullable } = orderColumns[field];
  const direction = reverse ? sql`desc` : sql`asc`;
  const primary = nullable ? sql`${column} ${direction} nulls last` : sql`${column} ${direction}`;
  // The tie-breaker matches the indexes: descending nullable orders have id desc nulls last.
  const tieBreaker = !reverse
    ? asc(campaigns.id)
    : nullable
      ? sql`${campaigns.id} desc nulls last`
      : desc(campaigns.id);
  return [primary, tieBreaker];
}

export interface CampaignScope {
  /** Only this merchant's campaigns. */
  merchantId?: string | undefined;
  /** Otherwise: the campaigns of the merchants this user manages campaigns for (undefined: all, for admins). */
  userId?: string | undefined;
  /** Whether the user is an agency (linked merchants grant every role). */
  agency?: boolean;
  /** Whether tip campaigns are visible. */
  includeTips: boolean;
}

function scopeCondition(scope: CampaignScope): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (scope.merchantId) {
    conditions.push(eq(campaigns.merchantId, scope.merchantId));
  } else if (scope.userId) {
    const roleCheck = scope.agency ? sql`true` : sql`${accounts.roles} ? 'manage-campaigns'`;
    conditions.push(
      inArray(
        campaigns.merchantId,
        sql`(select ${accounts.merchantId} from ${accounts} where ${accounts.userId} = ${scope.userId} and ${accounts.pendingInvitation} = false and ${roleCheck})`,
      ),
    );
  }
  if (!scope.includeTips) conditions.push(sql`${campaigns.type} not like 'tip/%'`);
  return and(...conditions);
}

export async function listCampaigns(
  db: DbOrTx,
  scope: CampaignScope,
  query: TCampaignListQuery,
): Promise<{ rows: CampaignListRecord[]; total: number }> {
  const conditions: (SQL | undefined)[] = [scopeCondition(scope)];
  if (query.filter_status) conditions.push(eq(campaigns.status, query.filter_status));
  else conditions.push(ne(campaigns.status, 'deleted'));
  if (query.filter_type === 'coupon' || query.filter_type === 'tip') {
    conditions.push(like(campaigns.type, `${query.filter_type}/%`));
  } else if (query.filter_type) {
    conditions.push(eq(campaigns.type, query.filter_type));
  }
  if (query.filter_runtime) conditions.push(phaseCondition(query.filter_runtime));
  if (query.filter_campaign) {
    const pattern = `%${escapeLike(query.filter_campaign)}%`;
    conditions.push(
      or(ilike(sql`${campaigns.title}::text`, pattern), ilike(sql`${campaigns.id}::text`, pattern)),
    );
  }
  const where = and(...conditions);
  const offset = (query.page - 1) * DEFAULT_PAGE_SIZE;
  if (scope.merchantId) {
    // One merchant has few campaigns: rows and total in one query (a window count).
    const rows = await db
      .select({
        campaign: campaigns,
        merchantName: merchants.name,
        editorEmail: users.email,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(campaigns)
      .innerJoin(merchants, eq(merchants.id, campaigns.merchantId))
      .leftJoin(users, eq(users.id, campaigns.editorId))
      .where(where)
      .orderBy(...orderBy(query.order_by))
      .limit(DEFAULT_PAGE_SIZE)
      .offset(offset);
    const total = rows[0]?.total ?? (query.page > 1 ? await countCampaigns(db, where) : 0);
    return { rows, total };
  }
  // Over all merchants a window count would visit every row; a separate count uses the indexes.
  const [rows, total] = await Promise.all([
    db
      .select({ campaign: campaigns, merchantName: merchants.name, editorEmail: users.email })
      .from(campaigns)
      .innerJoin(merchants, eq(merchants.id, campaigns.merchantId))
      .leftJoin(users, eq(users.id, campaigns.editorId))
      .where(where)
      .orderBy(...orderBy(query.order_by))
      .limit(DEFAULT_PAGE_SIZE)
      .offset(offset),
    countCampaigns(db, where),
  ]);
  return { rows, total };
}

async function countCampaigns(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [totals] = await db.select({ total: count() }).from(campaigns).where(where);
  return totals?.total ?? 0;
}

export async function findCampaign(
  db: DbOrTx,
  id: string,
): Promise<CampaignListRecord | undefined> {
  const [row] = await db
    .select({ campaign: campaigns, merchantName: merchants.name, editorEmail: users.email })
    .from(campaigns)
    .innerJoin(merchants, eq(merchants.id, campaigns.merchantId))
    .leftJoin(users, eq(users.id, campaigns.editorId))
    .where(eq(campaigns.id, id));
  return row;
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
