/**
 * The campaign image's file: each campaign owns its own file (a clone gets a
 * copy), and a file is deleted only when no campaign refers to it any more
 * (clones made before copying existed share their source's file). Deleting
 * it deletes the files made from it (platform/files/image-store.ts).
 */
import { copyImage, removeImage } from '../../platform/files/image-store.js';
import { newImageKey } from '../../platform/files/storage.js';
import type { CampaignDeps } from './deps.js';
import { imageInUse } from './records.js';

/** A copy of a campaign's image file for another campaign; null when there is none to copy. */
export async function copyCampaignImage(
  deps: Pick<CampaignDeps, 'db' | 'files'>,
  campaignId: string,
  source: { path: string | null; extension: string | null },
): Promise<string | null> {
  const { path: sourcePath, extension } = source;
  if (!sourcePath || (extension !== 'jpg' && extension !== 'png')) return null;
  const key = newImageKey('campaigns', campaignId, extension);
  return (await copyImage(deps, sourcePath, key)) ? key : null;
}

/**
 * Deletes an image file that no campaign but `exceptId` (when given) refers
 * to, at once (the upload of a change that failed); failures are logged, not thrown.
 * A replaced image is removed by a job after its change (image-removal.ts).
 */
export async function removeUnusedImage(
  { db, files, log }: Pick<CampaignDeps, 'db' | 'files' | 'log'>,
  path: string,
  { exceptId }: { exceptId: string | null },
): Promise<void> {
  try {
    if (await imageInUse(db, path, exceptId)) return;
    await removeImage({ db, files }, path);
  } catch (error) {
    log.warn({ err: error, key: path }, 'campaign image not removed');
  }
}
