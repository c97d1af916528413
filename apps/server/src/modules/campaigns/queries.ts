/** Data access for the campaign list: filtered, ordered, paged, with exact or estimated totals. */
import { and, asc, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import {
  APPROVED_STATUSES,
  CAMPAIGN_TYPES,
  campaignFamily,
  DEFAULT_PAGE_SIZE,
  UNAPPROVED_STATUSES,
  type CampaignOrderOption,
  type RuntimeFilter,
  type TCampaignListQuery,
} from '@backoffice/domain';
import { queryRows, type DbOrTx } from '../../platform/db/client.js';
import { prepared } from '../../platform/db/prepared.js';
import { campaignTextMatches, containsPattern } from '../../platform/db/text-search.js';
import { recordJoins, summaryColumns, type CampaignSummaryRecord } from './records.js';
import {
  accessibleMerchants,
  visibleCampaignsCondition,
  type CampaignVisibility,
} from '../../platform/access/merchant-access.js';
import { campaignCounters, campaigns, merchants, users } from '../../platform/db/schema.js';

/** SQL for "the runtime is well-formed", shared by every phase. */
const validRuntime = and(
  isNotNull(campaigns.validFrom),
  isNotNull(campaigns.validUntil),
  sql`${campaigns.validUntil} > ${campaigns.validFrom}`,
);

/**
 * Domain constants (statuses, types: lowercase words, never input) as SQL
 * literals rather than parameters: the planner then matches partial indexes
 * and index ranges even in a prepared statement's generic plan.
 */
const literals = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value}'`).join(', '));
const approved = sql`${campaigns.status} in (${literals(APPROVED_STATUSES)})`;
const unapproved = sql`${campaigns.status} in (${literals(UNAPPROVED_STATUSES)})`;

/** The runtime filter: the same rule as campaignPhase() of the domain package, in SQL. */
export function phaseCondition(phase: RuntimeFilter): SQL | undefined {
  const now = sql`now()`;
  switch (phase) {
    case 'running':
      return and(
        approved,
        validRuntime,
        sql`${campaigns.validFrom} <= ${now}`,
        sql`${campaigns.validUntil} > ${now}`,
      );
    case 'pending':
      return and(approved, validRuntime, sql`${campaigns.validFrom} > ${now}`);
    case 'missing_approval':
      return and(unapproved, validRuntime, sql`${campaigns.validUntil} > ${now}`);
    case 'ended':
      return and(
        sql`${campaigns.status} not in ('deleted', 'rejected')`,
        validRuntime,
        or(sql`${campaigns.status} = 'ended'`, sql`${campaigns.validUntil} <= ${now}`),
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
  // The stored sort key (db/expressions.ts): untitled campaigns sort as the empty title.
  title: { column: campaigns.titleSort, nullable: false },
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

export interface CampaignScope extends CampaignVisibility {
  /** Only this merchant's campaigns. */
  merchantId?: string | undefined;
  /** Otherwise: the campaigns of the merchants this user manages campaigns for (undefined: all, for admins). */
  userId?: string | undefined;
  /** Whether the user is an agency (linked merchants grant every role). */
  agency?: boolean;
}

/**
 * How far lists over several merchants count exactly. Beyond it, counting
 * would visit every matching row on each call (an admin's list spans every
 * merchant), so the total is the planner's estimate, marked as such. A text
 * search is counted exactly up to fewer matches: each row it visits costs a
 * substring search. A merchant's own list is always counted exactly.
 */
export const EXACT_TOTAL_LIMIT = 1000;
export const EXACT_SEARCH_TOTAL_LIMIT = 100;

const exactTotalLimit = (shape: ListShape) =>
  shape.text ? EXACT_SEARCH_TOTAL_LIMIT : EXACT_TOTAL_LIMIT;

export interface CampaignListPage {
  rows: CampaignSummaryRecord[];
  total: number;
  totalIsEstimate: boolean;
  hasNext: boolean;
}

/**
 * What a list query looks like apart from its values. Every shape is one
 * prepared statement (src/platform/db/prepared.ts); there are a few thousand at most.
 */
interface ListShape {
  scope: 'merchant' | 'user' | 'all';
  agency: boolean;
  includeTips: boolean;
  status: 'equal' | 'visible';
  /** A family (coupon, tip) is part of the shape: its types are literals of the statement. */
  type: 'any' | 'equal' | 'coupon' | 'tip';
  runtime: RuntimeFilter | undefined;
  text: boolean;
}

/** The values of a list query; `bind` turns each into a placeholder or a parameter. */
type ListValues = {
  merchantId: string | undefined;
  userId: string | undefined;
  status: string | undefined;
  type: string | undefined;
  text: string | undefined;
};
type Bind = (name: keyof ListValues) => unknown;

function shapeOf(scope: CampaignScope, query: TCampaignListQuery): ListShape {
  return {
    scope: scope.merchantId ? 'merchant' : scope.userId ? 'user' : 'all',
    agency: scope.agency ?? false,
    includeTips: scope.includeTips,
    status: query.filter_status ? 'equal' : 'visible',
    type:
      query.filter_type === 'coupon' || query.filter_type === 'tip'
        ? query.filter_type
        : query.filter_type
          ? 'equal'
          : 'any',
    runtime: query.filter_runtime,
    text: Boolean(query.filter_campaign),
  };
}

function valuesOf(scope: CampaignScope, query: TCampaignListQuery, shape: ListShape): ListValues {
  return {
    merchantId: scope.merchantId,
    userId: scope.userId,
    status: query.filter_status,
    // A family is part of the shape; only a single type is a value.
    type: shape.type === 'equal' ? query.filter_type : undefined,
    text: query.filter_campaign ? containsPattern(query.filter_campaign) : undefined,
  };
}

function whereOf(shape: ListShape, bind: Bind): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (shape.scope === 'merchant') {
    conditions.push(sql`${campaigns.merchantId} = ${bind('merchantId')}`);
  } else if (shape.scope === 'user') {
    const user = { id: '', level: shape.agency ? ('agency' as const) : ('other' as const) };
    conditions.push(
      accessibleMerchants(user, campaigns.merchantId, {
        role: 'manage-campaigns',
        userId: bind('userId'),
      }),
    );
  }
  conditions.push(visibleCampaignsCondition(shape, campaigns.type));
  conditions.push(
    shape.status === 'equal'
      ? sql`${campaigns.status} = ${bind('status')}`
      : sql`${campaigns.status} <> 'deleted'`,
  );
  if (shape.type === 'coupon' || shape.type === 'tip') {
    // The family's types, not a LIKE prefix: the type index serves them whatever the collation.
    const family = shape.type;
    const types = CAMPAIGN_TYPES.filter((type) => campaignFamily(type) === family);
    conditions.push(sql`${campaigns.type} in (${literals(types)})`);
  }
  if (shape.type === 'equal') conditions.push(sql`${campaigns.type} = ${bind('type')}`);
  if (shape.runtime) conditions.push(phaseCondition(shape.runtime));
  if (shape.text) {
    // The trigram index finds a text among all campaigns. Within some merchants'
    // campaigns, filtering their rows is cheaper than reading the index's entries
    // for a frequent word, which the planner underrates: `|| ''` keeps it off the index.
    conditions.push(campaignTextMatches(bind('text'), { useIndex: shape.scope === 'all' }));
  }
  return and(...conditions);
}

const placeholder: Bind = (name) => sql.placeholder(name);

/**
 * Counts the entries a filter matches: all of a merchant's, or up to one more
 * than the exact limit over several merchants (the index scan stops there).
 */
function countExpression(shape: ListShape, where: SQL | undefined): SQL<number> {
  const counted =
    shape.scope === 'merchant'
      ? sql`(select count(*) from ${campaigns} where ${where})`
      : sql`(select count(*) from (select 1 from ${campaigns} where ${where} limit ${exactTotalLimit(shape) + 1}) counted)`;
  return counted.mapWith(Number);
}

/**
 * The page's rows (one more than a page, to know whether a next page exists)
 * and, unless the list is known to be long, the count.
 *
 * A deferred join (decision 048): the subquery finds the page's ids in the
 * order's index alone (every order has an index that ends with the id and
 * carries what the list's conditions read), skipping the offset's entries
 * there; only the page's rows are then read and joined. Page 500 thus skips
 * 4,990 index entries instead of reading, joining and dropping 4,990 rows.
 * The outer order repeats the inner one, which the unique id settles.
 */
function rowsQuery(
  db: DbOrTx,
  shape: ListShape,
  { order, withCount }: { order: CampaignOrderOption; withCount: boolean },
) {
  return prepared(
    db,
    {
      key: `campaign-list:${JSON.stringify(shape)}:${order}:${String(withCount)}`,
      // Whether the trigram index or the order's index finds a text's rows faster
      // depends on how frequent the text is: searches are planned with their pattern.
      planEachCall: shape.text,
    },
    (name) => {
      const where = whereOf(shape, placeholder);
      const page = db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(where)
        .orderBy(...orderBy(order))
        .limit(DEFAULT_PAGE_SIZE + 1)
        .offset(sql.placeholder('offset'))
        .as('page');
      return db
        .select({
          ...summaryColumns,
          // An uncorrelated subquery: evaluated once per call.
          counted: withCount ? countExpression(shape, where) : sql<undefined>`null`,
        })
        .from(page)
        .innerJoin(campaigns, eq(campaigns.id, page.id))
        .innerJoin(merchants, recordJoins.merchant)
        .leftJoin(users, recordJoins.editor)
        .leftJoin(campaignCounters, recordJoins.counters)
        .orderBy(...orderBy(order))
        .prepare(name);
    },
  );
}

/** The count alone, for a page past the end (which has no rows to carry it). */
function countQuery(db: DbOrTx, shape: ListShape) {
  return prepared(db, `campaign-count:${JSON.stringify(shape)}`, (name) =>
    db
      .select({ counted: countExpression(shape, whereOf(shape, placeholder)) })
      .from(sql`(select 1) one`)
      .prepare(name),
  );
}

/** Estimates are kept for a minute: a long list's total changes little and is shown as approximate. */
const ESTIMATE_TTL_MS = 60_000;
const ESTIMATES_KEPT = 500;
const estimatesByDatabase = new WeakMap<DbOrTx, Map<string, { total: number; until: number }>>();

function keptEstimates(db: DbOrTx) {
  let estimates = estimatesByDatabase.get(db);
  if (!estimates) {
    estimates = new Map();
    estimatesByDatabase.set(db, estimates);
  }
  return estimates;
}

/** The kept estimate of a filter known to match a long list (then it is not counted again). */
const estimateKey = (shape: ListShape, values: ListValues) => JSON.stringify([shape, values]);

function keptEstimate(db: DbOrTx, shape: ListShape, values: ListValues): number | undefined {
  const kept = keptEstimates(db).get(estimateKey(shape, values));
  return kept && kept.until > Date.now() ? kept.total : undefined;
}

/** PostgreSQL's estimate of the rows a filter matches, kept for a minute. */
async function estimateAndKeep(db: DbOrTx, shape: ListShape, values: ListValues) {
  const total = await planRows(db, shape, values);
  const estimates = keptEstimates(db);
  if (estimates.size >= ESTIMATES_KEPT) estimates.clear();
  estimates.set(estimateKey(shape, values), { total, until: Date.now() + ESTIMATE_TTL_MS });
  return total;
}

/** The rows EXPLAIN expects the filter to match (without running it). */
async function planRows(db: DbOrTx, shape: ListShape, values: ListValues): Promise<number> {
  const where = whereOf(shape, (name) => values[name]);
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`explain (format json) select 1 from ${campaigns} where ${where}`,
  );
  const raw = row ? Object.values(row)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
    [{ Plan?: { 'Plan Rows'?: number } }] | undefined;
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

export async function listCampaigns(
  db: DbOrTx,
  scope: CampaignScope,
  query: TCampaignListQuery,
): Promise<CampaignListPage> {
  const shape = shapeOf(scope, query);
  const values = valuesOf(scope, query, shape);
  const offset = (query.page - 1) * DEFAULT_PAGE_SIZE;
  // A list found long within the last minute is not counted again until its estimate expires.
  const knownLong = shape.scope === 'merchant' ? undefined : keptEstimate(db, shape, values);
  const fetched = await rowsQuery(db, shape, {
    order: query.order_by,
    withCount: knownLong === undefined,
  }).execute({
    ...values,
    offset,
  });
  const hasNext = fetched.length > DEFAULT_PAGE_SIZE;
  const rows = fetched
    .slice(0, DEFAULT_PAGE_SIZE)
    .map(({ counted: _counted, ...record }) => record);
  const limit = exactTotalLimit(shape);
  let counted = knownLong === undefined ? fetched[0]?.counted : limit + 1;
  if (counted == null) {
    const [row] = await countQuery(db, shape).execute(values);
    counted = row?.counted ?? 0;
  }
  if (shape.scope === 'merchant' || counted <= limit) {
    return { rows, total: counted, totalIsEstimate: false, hasNext };
  }
  // The last page of a long list knows its total.
  if (!hasNext && rows.length > 0) {
    return { rows, total: offset + rows.length, totalIsEstimate: false, hasNext };
  }
  // A long list: the estimate, but never fewer than the entries known to exist
  // (a page past the end proves nothing).
  const seen = rows.length > 0 ? offset + rows.length + (hasNext ? 1 : 0) : 0;
  const known = Math.max(limit + 1, seen);
  const estimate = knownLong ?? (await estimateAndKeep(db, shape, values));
  return { rows, total: Math.max(estimate, known), totalIsEstimate: true, hasNext };
}
