/**
 * The statements of the common campaign image upload (image.ts,
 * replaceUnlocked): the campaign read in the statement that writes the new
 * image's format row, and the write that lands only on the row as read,
 * answering with what the removal of the replaced image needs.
 */
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { prepared } from '../../platform/db/prepared.js';
import { campaigns } from '../../platform/db/schema.js';
import {
  formatRowInsert,
  formatRowValues,
  madeKeysOf,
  type ShownFormat,
} from '../../platform/files/image-store.js';
import {
  selectCampaignDetail,
  type CampaignDetailRecord,
  type CampaignInsert,
  type CampaignRecord,
} from './records.js';

/**
 * The campaign as findCampaign reads it (no lock), in one statement with
 * the format row of a new image `key` (recordImageFormat's row): the row is
 * written before the image's file, as recordImageFormat's is, whatever the
 * campaign turns out to be.
 */
export async function findCampaignRecordingFormat(
  db: DbOrTx,
  id: string,
  { key, format }: { key: string; format: ShownFormat },
): Promise<CampaignDetailRecord | undefined> {
  const query = prepared(db, 'campaign-record:image-format', (name) =>
    selectCampaignDetail(db.with(db.$with('recorded_format').as(formatRowInsert(db)))).prepare(
      name,
    ),
  );
  const [row] = await query.execute({ id, ...formatRowValues(key, format) });
  return row;
}

/** What the image replaced (`previous`) is to the other campaigns, as the write found it. */
export interface ReplacedImage {
  /** Whether another campaign refers to it (clones made before files were copied share it). */
  inUse: boolean;
  /** The keys of its rows in image_files: the files made from it. */
  made: string[];
}

/**
 * updateCampaignIfUnchanged for a new image: the row as stored, and whether
 * another campaign uses the image it replaces (`previous`, the image path
 * as read, unchanged when the write lands) with the files made from it.
 * Undefined when another write came between the read and this one.
 */
export async function updateImageIfUnchanged(
  db: DbOrTx,
  { id, rowVersion, previous }: { id: string; rowVersion: string; previous: string | null },
  values: Partial<CampaignInsert>,
): Promise<{ campaign: CampaignRecord; replaced: ReplacedImage } | undefined> {
  const [row] = await db
    .update(campaigns)
    .set({ ...values, modifiedAt: sql`now()` })
    .where(and(eq(campaigns.id, id), sql`xmin = ${rowVersion}::xid`))
    .returning({
      ...getTableColumns(campaigns),
      previousInUse: sql<boolean>`exists(
        select 1 from ${campaigns} other
        where other.image_path = ${previous} and other.id <> ${id})`,
      previousMade: madeKeysOf(previous),
    });
  if (!row) return undefined;
  const { previousInUse, previousMade, ...campaign } = row;
  return { campaign, replaced: { inUse: previousInUse, made: previousMade } };
}
