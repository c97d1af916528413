/**
 * A replaced or removed image leaves the store after the change that
 * replaced it, in a job of the 'image-removal' queue sent in that change's
 * transaction: the image exists exactly until the change commits, a process
 * that stops in between leaves no file behind (the job runs in another), and
 * the upload or removal answers without waiting for the removal's steps (the
 * rows of the files made from it, the files, the rows again: some six waits
 * for a busy event loop, which took an upload from about 230 to 390 ms under
 * load, docs/benchmarks.md "Known gaps").
 *
 * The job removes the image only when nothing refers to it any more: a
 * campaign image may be shared by clones made before files were copied, and
 * a job may run twice (a retry after its process stopped).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { campaigns, merchants } from '../db/schema.js';
import { eraseJob, type JobContext } from '../jobs/definition.js';
import { jobInsert } from '../jobs/job-tables.js';
import type { JobQueue } from '../jobs/queue.js';
import { removeImage } from './image-store.js';
import { isImageKey, type FileStorage } from './storage.js';

export const IMAGE_REMOVAL_QUEUE = 'image-removal';

interface ImageRemoval {
  /** The image's key as the product referred to it (imagePath). */
  key: string;
}

/** What removing an image needs of the application's context. */
interface ImageRemovalContext extends JobContext {
  db: Db;
  files: FileStorage;
}

/** Removes the image `key` once `db` (the transaction that stopped referring to it) commits. */
export async function scheduleImageRemoval(jobs: JobQueue, db: DbOrTx, key: string): Promise<void> {
  await jobs.send(db, { name: IMAGE_REMOVAL_QUEUE, data: { key } satisfies ImageRemoval });
}

/**
 * scheduleImageRemoval as part of another statement (a WITH beside the
 * change that stops referring to `key`), when `condition` holds.
 */
export function imageRemovalInsert(key: string, condition: SQL): SQL {
  return jobInsert(IMAGE_REMOVAL_QUEUE, { key } satisfies ImageRemoval, condition);
}

/** Whether a campaign or a merchant refers to the image `key` (campaigns/… or merchants/…). */
async function imageReferenced(db: Db, key: string): Promise<boolean> {
  const [owner = '', ownerId = ''] = key.split('/');
  const [row] =
    owner === 'merchants'
      ? // A merchant's image is its own (merchants/<its id>/…).
        await db
          .select({ found: sql<number>`1` })
          .from(merchants)
          .where(and(eq(merchants.id, ownerId), eq(merchants.imagePath, key)))
      : // A campaign's may be its clones' too (clones made before files were copied).
        await db
          .select({ found: sql<number>`1` })
          .from(campaigns)
          .where(eq(campaigns.imagePath, key))
          .limit(1);
  return row !== undefined;
}

export const imageRemovalJob = eraseJob<ImageRemoval, ImageRemovalContext>({
  name: IMAGE_REMOVAL_QUEUE,
  queue: () => ({
    policy: 'standard',
    // A file store that does not answer (an object store's outage) is tried
    // again for about an hour; then the job stays failed for an admin to see.
    retryLimit: 6,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 120,
  }),
  // Nobody waits for it: the replaced image is no longer shown anywhere.
  pollSeconds: 5,
  async run(ctx, { key }) {
    if (!isImageKey(key)) return;
    if (await imageReferenced(ctx.db, key)) return;
    await removeImage(ctx, key);
  },
});
