/**
 * The campaign image's file: each campaign owns its own file (a clone gets a
 * copy), and a file is deleted only when no campaign refers to it any more
 * (clones made before copying existed share their source's file).
 */
import type { AppContext } from '../../platform/context.js';
import { newImageKey } from '../../platform/files/storage.js';
import { imageInUse } from './records.js';

/** A copy of a campaign's image file for another campaign; null when there is none to copy. */
export async function copyCampaignImage(
  ctx: AppContext,
  sourcePath: string | null,
  campaignId: string,
  extension: string | null,
): Promise<string | null> {
  if (!sourcePath || (extension !== 'jpg' && extension !== 'png')) return null;
  const key = newImageKey('campaigns', campaignId, extension);
  return (await ctx.files.copy(sourcePath, key)) ? key : null;
}

/**
 * Deletes an image file that no campaign but `exceptId` refers to; failures
 * are logged, not thrown. `inUse` is that question when it was asked already.
 */
export async function removeUnusedImage(
  ctx: AppContext,
  path: string,
  exceptId: string,
  inUse?: Promise<boolean>,
): Promise<void> {
  try {
    if (await (inUse ?? imageInUse(ctx.db, path, exceptId))) return;
    await ctx.files.delete(path);
  } catch (error) {
    ctx.log.warn({ err: error, key: path }, 'campaign image not removed');
  }
}
