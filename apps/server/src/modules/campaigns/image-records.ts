/**
 * The statements of the common campaign image upload (image.ts,
 * replaceUnlocked): the campaign read in the statement that writes the new
 * image's format row, and the write that lands only on the row as read,
 * with the replaced image's removal job.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { prepared } from '../../platform/db/prepared.js';
import { campaigns } from '../../platform/db/schema.js';
import {
  formatRowInsert,
  formatRowValues,
  type ShownFormat,
} from '../../platform/files/image-store.js';
import { imageRemovalInsert } from '../../platform/files/image-removal.js';
import {
  selectCampaignDetail,
  updateCampaignIfUnchanged,
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

/**
 * updateCampaignIfUnchanged for a new image, with the removal job of the
 * image it replaces (`previous`, the image path as read) in the same
 * statement: the job exists exactly when the change does (as
 * scheduleImageRemoval's in the locked change's transaction). The job is
 * written when the statement's snapshot still holds the row as read; a
 * write that came between and made the UPDATE find nothing may leave a job
 * for an image still in use, which the job leaves alone (it removes only
 * what nothing refers to). The row as stored; undefined when another write
 * came between the read and this one.
 */
export async function updateImageIfUnchanged(
  db: DbOrTx,
  { id, rowVersion, previous }: { id: string; rowVersion: string; previous: string | null },
  values: Partial<CampaignInsert>,
): Promise<CampaignRecord | undefined> {
  if (!previous) return updateCampaignIfUnchanged(db, { id, rowVersion }, values);
  const removal = db.$with('image_removal', { id: sql<string>`id` }).as(
    imageRemovalInsert(
      previous,
      sql`exists (select 1 from ${campaigns} as_read
        where as_read.id = ${id} and as_read.xmin = ${rowVersion}::xid)`,
    ),
  );
  const [row] = await db
    .with(removal)
    .update(campaigns)
    .set({ ...values, modifiedAt: sql`now()` })
    .where(and(eq(campaigns.id, id), sql`xmin = ${rowVersion}::xid`))
    .returning();
  return row;
}
