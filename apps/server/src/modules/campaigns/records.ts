/**
 * Data access for single campaigns: a campaign (locked on request), its
 * follow-ups, the review queue, image use, and the statements of the
 * campaign commands (create, save, listable, unlink) and of the validation
 * refresh. Those of status changes are in status-records.ts, those of
 * campaign links in link-records.ts.
 */
import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  getTableName,
  inArray,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { DEFAULT_PAGE_SIZE, VALIDATION_RULES_VERSION } from '@backoffice/domain';
import type { DbOrTx } from '../../platform/db/client.js';
import { prepared } from '../../platform/db/prepared.js';
import {
  campaignCounters,
  campaignParticipants,
  campaignStatusHistory,
  campaigns,
  merchants,
  users,
} from '../../platform/db/schema.js';

export type CampaignRecord = typeof campaigns.$inferSelect;
export type CampaignInsert = typeof campaigns.$inferInsert;
export type CampaignCountersRecord = typeof campaignCounters.$inferSelect;
export interface CampaignListRecord {
  campaign: CampaignRecord;
  merchantName: string;
  editorEmail: string | null;
  /** Why the review rejected it, while that stands (see `rejectionReason`). */
  rejectionReason: string | null;
  /** Kept apart from the campaign (the statistics fold writes them); none before its first event. */
  counters: CampaignCountersRecord | null;
}

/**
 * The reason of a campaign's latest rejection while it stands: the latest
 * submission or rejection in its history is that rejection (an edit reopens a
 * rejected campaign to created; submitting it again ends the rejection).
 * Looked up only for the statuses that can carry one, through the history's
 * index on the campaign. The campaign's columns are named with their table:
 * a query of the campaigns alone writes them unqualified, and inside the
 * subquery `id` would be the history's.
 */
const campaignColumn = (column: typeof campaigns.id | typeof campaigns.status) =>
  sql`${sql.identifier(getTableName(campaigns))}.${sql.identifier(column.name)}`;
export const rejectionReason = sql<
  string | null
>`case when ${campaignColumn(campaigns.status)} in ('rejected', 'created') then (
  select case when history.to_status = 'rejected' then history.reason end
  from ${campaignStatusHistory} history
  where history.campaign_id = ${campaignColumn(campaigns.id)} and history.to_status in ('submitted', 'rejected')
  order by history.created_at desc, history.id desc
  limit 1) end`;

/** What a campaign record is read with: its merchant's name, its editor, a standing rejection's reason and its counters (see `recordJoins`). */
export const recordColumns = {
  campaign: campaigns,
  merchantName: merchants.name,
  editorEmail: users.email,
  rejectionReason,
  counters: campaignCounters,
};

/**
 * A campaign as lists read it: its content only where its stored validation
 * is stale, the one case a list row needs it for (see `summaryColumns`).
 */
export type CampaignSummary = Omit<CampaignRecord, 'content'> & {
  content: CampaignRecord['content'] | null;
};
export interface CampaignSummaryRecord extends Omit<CampaignListRecord, 'campaign'> {
  campaign: CampaignSummary;
}

const { content: _content, ...columnsButContent } = getTableColumns(campaigns);

/**
 * What lists read (`recordColumns` without the content): a row shows the
 * stored validation, and the content, up to megabytes of rich text, is read
 * only for a row stored under older rules that the validation refresh has not
 * reached yet.
 */
export const summaryColumns = {
  ...recordColumns,
  campaign: {
    ...columnsButContent,
    content: sql<
      CampaignRecord['content'] | null
    >`case when ${campaigns.validationVersion} = ${sql.raw(String(VALIDATION_RULES_VERSION))} then null else ${campaigns.content} end`.mapWith(
      campaigns.content,
    ),
  },
};

/** The joins of `recordColumns`, on a query from `campaigns`. */
export const recordJoins = {
  merchant: eq(merchants.id, campaigns.merchantId),
  editor: eq(users.id, campaigns.editorId),
  counters: eq(campaignCounters.campaignId, campaigns.id),
};

/**
 * A campaign as it is opened: its record, the ids of its living follow-ups,
 * oldest first, and the row's version as read (`rowVersion`).
 */
export interface CampaignDetailRecord extends CampaignListRecord {
  followups: string[];
  /**
   * The row version read (PostgreSQL's xmin, as text): every write of the
   * row makes a new one, so a write conditioned on it (updateCampaignIfUnchanged)
   * finds the row exactly as it was read, or nothing.
   */
  rowVersion: string;
}

/** The campaign row's xmin, named with its table (the record's query joins others). */
const rowVersion = sql<string>`${sql.identifier(getTableName(campaigns))}.xmin::text`;

/**
 * The query of a CampaignDetailRecord, the campaign's id a placeholder
 * (`id`), on `db` or on a WITH of it (image-records.ts).
 */
export function selectCampaignDetail(db: Pick<DbOrTx, 'select'>) {
  return db
    .select({
      ...recordColumns,
      followups: sql<string[]>`array(
        select followup.id::text from ${campaigns} followup
        where followup.parent_id = ${campaigns.id} and followup.status <> 'deleted'
        order by followup.created_at, followup.id)`,
      rowVersion,
    })
    .from(campaigns)
    .innerJoin(merchants, recordJoins.merchant)
    .leftJoin(users, recordJoins.editor)
    .leftJoin(campaignCounters, recordJoins.counters)
    .where(eq(campaigns.id, sql.placeholder('id')));
}

/**
 * One campaign with its follow-ups' ids, in one statement. With `lock`
 * (inside a transaction) its row stays locked until the transaction ends, so
 * that commands on one campaign run one after the other.
 */
export async function findCampaign(
  db: DbOrTx,
  id: string,
  options: { lock?: boolean } = {},
): Promise<CampaignDetailRecord | undefined> {
  // Every open, save and command reads a campaign this way: built once (platform/db/prepared.ts).
  const select = () => selectCampaignDetail(db);
  const query = options.lock
    ? prepared(db, 'campaign-record:lock', (name) =>
        select().for('update', { of: campaigns }).prepare(name),
      )
    : prepared(db, 'campaign-record', (name) => select().prepare(name));
  const [row] = await query.execute({ id });
  return row;
}

/**
 * Whether anyone took part in the campaign: its first participations are
 * written in the ingest's own transaction, while its counters are folded in
 * later (and ingest waits on the campaign's row lock, see ingest's batchFacts).
 */
export async function anyoneTookPart(db: DbOrTx, campaignId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: campaignParticipants.campaignId })
    .from(campaignParticipants)
    .where(eq(campaignParticipants.campaignId, campaignId))
    .limit(1);
  return row !== undefined;
}

/** Whether any campaign but the given one (if any) uses an image file (clones made before files were copied share them). */
export async function imageInUse(
  db: DbOrTx,
  imagePath: string,
  exceptId: string | null,
): Promise<boolean> {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.imagePath, imagePath),
        exceptId === null ? undefined : ne(campaigns.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The living follow-ups of a campaign, oldest first. */
export async function findFollowups(
  db: DbOrTx,
  parentId: string,
): Promise<CampaignSummaryRecord[]> {
  return db
    .select(summaryColumns)
    .from(campaigns)
    .innerJoin(merchants, recordJoins.merchant)
    .leftJoin(users, recordJoins.editor)
    .leftJoin(campaignCounters, recordJoins.counters)
    .where(and(eq(campaigns.parentId, parentId), ne(campaigns.status, 'deleted')))
    .orderBy(asc(campaigns.createdAt), asc(campaigns.id));
}

/** The review queue: submitted campaigns and those in review, oldest change first. */
export async function listReviewQueue(
  db: DbOrTx,
  page: number,
): Promise<{ rows: CampaignSummaryRecord[]; total: number }> {
  const where = inArray(campaigns.status, ['submitted', 'start_review']);
  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(campaigns)
      .innerJoin(merchants, recordJoins.merchant)
      .leftJoin(users, recordJoins.editor)
      .leftJoin(campaignCounters, recordJoins.counters)
      .where(where)
      .orderBy(asc(campaigns.modifiedAt), asc(campaigns.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((page - 1) * DEFAULT_PAGE_SIZE),
    db.select({ total: count() }).from(campaigns).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** Stores a new campaign; its id. */
export async function insertCampaign(db: DbOrTx, values: CampaignInsert): Promise<string> {
  const [created] = await db.insert(campaigns).values(values).returning({ id: campaigns.id });
  if (!created) throw new Error('insert returned no row');
  return created.id;
}

/** Updates the campaign; the row as stored, which the command's answer is made of. */
export async function updateCampaign(
  db: DbOrTx,
  id: string,
  values: PgUpdateSetSource<typeof campaigns>,
): Promise<CampaignRecord> {
  const [row] = await db.update(campaigns).set(values).where(eq(campaigns.id, id)).returning();
  if (!row) throw new Error(`campaign ${id} was not updated`);
  return row;
}

/**
 * updateCampaignModifiedNow, only while the row is still the version read
 * (`rowVersion` of findCampaign): the updated row, undefined when another
 * write came between. The UPDATE takes the row lock and, behind a writer
 * that holds it, checks the row as that writer committed it; so a write that
 * succeeds is one that the lock held from the read on would have let through.
 */
export async function updateCampaignIfUnchanged(
  db: DbOrTx,
  { id, rowVersion: readVersion }: { id: string; rowVersion: string },
  values: Partial<CampaignInsert>,
): Promise<CampaignRecord | undefined> {
  const [row] = await db
    .update(campaigns)
    .set({ ...values, modifiedAt: sql`now()` })
    .where(and(eq(campaigns.id, id), sql`xmin = ${readVersion}::xid`))
    .returning();
  return row;
}

/** updateCampaign, stamping the campaign as modified now (the database's time). */
export function updateCampaignModifiedNow(
  db: DbOrTx,
  id: string,
  values: Partial<CampaignInsert>,
): Promise<CampaignRecord> {
  return updateCampaign(db, id, { ...values, modifiedAt: sql`now()` });
}

/** Flips the campaign's listable flag; the new value, undefined when there is no such campaign. */
export async function flipListable(
  db: DbOrTx,
  id: string,
  editorId: string,
): Promise<boolean | undefined> {
  const [row] = await db
    .update(campaigns)
    .set({
      isListable: sql`not ${campaigns.isListable}`,
      modifiedAt: sql`now()`,
      editorId,
    })
    .where(eq(campaigns.id, id))
    .returning({ listable: campaigns.isListable });
  return row?.listable;
}

/**
 * Locks a campaign and its follow-ups in id order (see
 * lockCampaignAndTargets), before they are unlinked: a follow-up's save that
 * names its parent as a link target takes the same rows in the same order.
 */
export async function lockWithFollowups(db: DbOrTx, parentId: string): Promise<void> {
  await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(or(eq(campaigns.id, parentId), eq(campaigns.parentId, parentId)))
    .orderBy(campaigns.id)
    .for('update');
}

/** Unlinks the campaign's follow-ups from it: the one given, or all. */
export async function unlinkFollowupRows(
  db: DbOrTx,
  parentId: string,
  followupId: string | undefined,
): Promise<void> {
  await db
    .update(campaigns)
    .set({ parentId: null, modifiedAt: sql`now()` })
    .where(
      and(eq(campaigns.parentId, parentId), followupId ? eq(campaigns.id, followupId) : undefined),
    );
}

/** The merchant's name, undefined when there is no such merchant. */
export async function findMerchantName(
  db: DbOrTx,
  merchantId: string,
): Promise<string | undefined> {
  const [merchant] = await db
    .select({ name: merchants.name })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return merchant?.name;
}

/** Up to `limit` campaigns whose stored errors were computed by other rules than `version`. */
export function staleValidationRows(db: DbOrTx, version: number, limit: number) {
  return db
    .select({
      id: campaigns.id,
      type: campaigns.type,
      content: campaigns.content,
      title: campaigns.title,
      validFrom: campaigns.validFrom,
      validUntil: campaigns.validUntil,
      imagePath: campaigns.imagePath,
      validationVersion: campaigns.validationVersion,
    })
    .from(campaigns)
    .where(ne(campaigns.validationVersion, version))
    .limit(limit);
}

/** Stores recomputed errors only while the row still has the rules version it was read with; whether it did. */
export async function updateValidationIf(
  db: DbOrTx,
  { id, validationVersion: readVersion }: { id: string; validationVersion: number },
  values: Partial<CampaignInsert>,
): Promise<boolean> {
  const updated = await db
    .update(campaigns)
    .set(values)
    .where(and(eq(campaigns.id, id), eq(campaigns.validationVersion, readVersion)))
    .returning({ id: campaigns.id });
  return updated.length > 0;
}
