/**
 * SQL of the access-code sets: sets with their editor, codes (imported set by
 * set, never row by row), linked campaigns and the uses the consumer app
 * reported. Every function takes the database or a transaction.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  ACCESS_CODE_LIST_MAX,
  DEFAULT_PAGE_SIZE,
  type TAccessCodeSet,
  type TCodeStats,
  type TCodeUse,
  type TLinkedCampaign,
} from '@backoffice/domain';
import { queryRows, type DbOrTx } from '../../platform/db/client.js';
import { lockRow } from '../../platform/db/row-locks.js';
import {
  accessCodeSetCampaigns,
  accessCodeSets,
  accessCodeUses,
  accessCodes,
  campaigns,
  users,
} from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/db/text-search.js';
import { atVersion, nextVersion } from '../../platform/db/versions.js';

type SetRow = typeof accessCodeSets.$inferSelect;

export const toAccessCodeSet = (row: SetRow, email: string | null): TAccessCodeSet => ({
  id: row.id,
  name: row.name,
  internal_name: row.internalName,
  type: row.type,
  hint_title: row.hintTitle,
  hint_text: row.hintText,
  is_promo_code: row.isPromoCode,
  is_bonuscard: row.isBonuscard,
  valid_from: row.validFrom?.toISOString() ?? null,
  valid_until: row.validUntil?.toISOString() ?? null,
  modified: row.modifiedAt.toISOString(),
  email,
  version: row.version,
});

const withEditor = (db: DbOrTx) =>
  db
    .select({ set: accessCodeSets, email: users.email })
    .from(accessCodeSets)
    .leftJoin(users, eq(users.id, accessCodeSets.editorId));

export async function findSet(db: DbOrTx, id: string): Promise<TAccessCodeSet | undefined> {
  const [row] = await withEditor(db).where(eq(accessCodeSets.id, id));
  return row ? toAccessCodeSet(row.set, row.email) : undefined;
}

/**
 * Locks the set's row for the rest of the transaction (a change of its links
 * waits for another); false when there is no such set.
 */
export function lockSet(tx: DbOrTx, id: string): Promise<boolean> {
  return lockRow(tx, accessCodeSets.id, id);
}

/** One page of the sets, last modified first. */
export async function listSets(
  db: DbOrTx,
  page: number,
): Promise<{ rows: TAccessCodeSet[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    withEditor(db)
      .orderBy(desc(accessCodeSets.modifiedAt), asc(accessCodeSets.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((page - 1) * DEFAULT_PAGE_SIZE),
    db.select({ total: count() }).from(accessCodeSets),
  ]);
  return {
    rows: rows.map((row) => toAccessCodeSet(row.set, row.email)),
    total: totals?.total ?? 0,
  };
}

type SetInsert = typeof accessCodeSets.$inferInsert;

export async function insertSet(db: DbOrTx, values: SetInsert): Promise<void> {
  await db.insert(accessCodeSets).values(values);
}

/** Saves the set's columns; false when there is no such set. */
/**
 * Saves the set's fields and counts its version up; false when there is no
 * such set, or it is no longer at `expectedVersion` (another save came first).
 */
export async function updateSet(
  db: DbOrTx,
  id: string,
  { expectedVersion, values }: { expectedVersion: number | undefined; values: Partial<SetInsert> },
): Promise<boolean> {
  const updated = await db
    .update(accessCodeSets)
    .set({ ...values, version: nextVersion(accessCodeSets.version) })
    .where(and(eq(accessCodeSets.id, id), atVersion(accessCodeSets.version, expectedVersion)))
    .returning({ id: accessCodeSets.id });
  return updated.length > 0;
}

/** Marks a set as changed now by the user (list: "modified with editor"). */
export async function touchSet(db: DbOrTx, id: string, editorId: string): Promise<void> {
  await db
    .update(accessCodeSets)
    .set({ modifiedAt: sql`now()`, editorId })
    .where(eq(accessCodeSets.id, id));
}

/** docs/product.md#records-and-fields "Code stats": provided and used counts; the codes themselves for a short list. */
export async function codeStats(db: DbOrTx, setId: string): Promise<TCodeStats> {
  const [[provided], [used]] = await Promise.all([
    db.select({ n: count() }).from(accessCodes).where(eq(accessCodes.setId, setId)),
    db.select({ n: count() }).from(accessCodeUses).where(eq(accessCodeUses.setId, setId)),
  ]);
  const total = provided?.n ?? 0;
  const listCodes = total <= ACCESS_CODE_LIST_MAX;
  const codes = listCodes
    ? await db
        .select({ code: accessCodes.code })
        .from(accessCodes)
        .where(eq(accessCodes.setId, setId))
        .orderBy(asc(accessCodes.code))
    : [];
  return {
    provided: total,
    used: used?.n ?? 0,
    list_codes: listCodes,
    codes: codes.map((row) => row.code),
  };
}

/**
 * Adds the codes not yet in the set, in one statement with the list as one
 * JSON parameter (100,000 bound values would exceed the protocol's limit).
 * Returns how many were added.
 */
export async function insertCodes(db: DbOrTx, setId: string, codes: string[]): Promise<number> {
  if (codes.length === 0) return 0;
  const [row] = await queryRows<{ added: number }>(
    db,
    sql`with added as (
          insert into ${accessCodes} (set_id, code)
          select ${setId}::uuid, code from jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) as code
          on conflict do nothing
          returning 1
        )
        select count(*)::int as added from added`,
  );
  return row?.added ?? 0;
}

const linkedCampaignColumns = {
  ident: campaigns.id,
  title: campaigns.title,
  type: campaigns.type,
};

export async function linkedCampaigns(db: DbOrTx, setId: string): Promise<TLinkedCampaign[]> {
  return db
    .select(linkedCampaignColumns)
    .from(accessCodeSetCampaigns)
    .innerJoin(campaigns, eq(campaigns.id, accessCodeSetCampaigns.campaignId))
    .where(eq(accessCodeSetCampaigns.setId, setId))
    .orderBy(asc(campaigns.createdAt), asc(campaigns.id));
}

export async function campaignStatuses(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, { status: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: campaigns.id, status: campaigns.status })
    .from(campaigns)
    .where(inArray(campaigns.id, ids))
    // Shared row locks until the links are written: a deletion of one of
    // them (which locks its row) commits before this reads the status, or
    // waits until the links are stored.
    .for('share');
  return new Map(rows.map((row) => [row.id, { status: row.status }]));
}

/** Makes the set's links exactly `campaignIds`: links the new ones, unlinks the others. */
export async function replaceLinks(
  db: DbOrTx,
  setId: string,
  campaignIds: string[],
): Promise<void> {
  const ofSet = eq(accessCodeSetCampaigns.setId, setId);
  await db
    .delete(accessCodeSetCampaigns)
    .where(
      campaignIds.length > 0
        ? and(ofSet, notInArray(accessCodeSetCampaigns.campaignId, campaignIds))
        : ofSet,
    );
  if (campaignIds.length > 0) {
    await db
      .insert(accessCodeSetCampaigns)
      .values(campaignIds.map((campaignId) => ({ setId, campaignId })))
      .onConflictDoNothing();
  }
}

/** One page of a set's uses, newest first; `q` searches the code and the participant. */
export async function codeUses(
  db: DbOrTx,
  setId: string,
  options: { page: number; perPage: number; q?: string | undefined },
): Promise<{ rows: TCodeUse[]; total: number }> {
  const conditions: SQL[] = [eq(accessCodeUses.setId, setId)];
  if (options.q) {
    const pattern = containsPattern(options.q);
    const text = or(
      ilike(accessCodeUses.code, pattern),
      ilike(accessCodeUses.participantId, pattern),
    );
    if (text) conditions.push(text);
  }
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        use: accessCodeUses,
        campaign: linkedCampaignColumns,
      })
      .from(accessCodeUses)
      .leftJoin(campaigns, eq(campaigns.id, accessCodeUses.campaignId))
      .where(where)
      .orderBy(desc(accessCodeUses.usedAt), asc(accessCodeUses.eventId))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db.select({ total: count() }).from(accessCodeUses).where(where),
  ]);
  return {
    rows: rows.map(({ use, campaign }) => ({
      code: use.code,
      used_at: use.usedAt.toISOString(),
      participant: use.participantId,
      campaign: campaign?.ident ? campaign : null,
    })),
    total: totals?.total ?? 0,
  };
}
