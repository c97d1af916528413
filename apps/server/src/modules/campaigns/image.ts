/** The campaign image (spec §3 image, campaign_image_extension; §9 format 620×413). */
import {
  CAMPAIGN_IMAGE_FORMAT,
  isEditableStatus,
  type TCampaignEnvelope,
} from '@backoffice/domain';
import { requireCampaignAccess, type UserRow } from '../../access/merchant-access.js';
import type { AppContext } from '../../app-context.js';
import { ImageRejectedError, processImage } from '../../files/images.js';
import { newImageKey } from '../../files/storage.js';
import { AppError } from '../../http/errors.js';
import { removeUnusedImage } from './image-files.js';
import { storeEdit } from './lifecycle.js';
import { answerUpdated, loadEditable } from './service.js';
import { validationColumns } from './view.js';

export interface CropRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Stores the upload cropped to the campaign format and removes the old image. */
export async function replaceCampaignImage(
  ctx: AppContext,
  user: UserRow,
  id: string,
  upload: Buffer,
  crop: CropRect | undefined,
): Promise<TCampaignEnvelope> {
  let image;
  try {
    image = await processImage(upload, {
      ...CAMPAIGN_IMAGE_FORMAT,
      maxPixels: ctx.config.files.imageMaxPixels,
      crop,
    });
  } catch (error) {
    if (error instanceof ImageRejectedError) throw new AppError(400, error.problem, 'image');
    throw error;
  }
  const key = newImageKey('campaigns', id, image.extension);
  // The file is written while the transaction locks and updates the row; the
  // transaction commits only once the file is there.
  const written = ctx.files.put(key, image.data);
  // Awaited in both branches below; this only keeps a failed write from
  // counting as unhandled while the transaction runs.
  written.catch(() => undefined);
  let result;
  try {
    result = await setCampaignImage(
      ctx,
      user,
      id,
      { path: key, extension: image.extension },
      written,
    );
  } catch (error) {
    await written.catch(() => undefined);
    await removeUnusedImage(ctx, key, id);
    throw error;
  }
  if (result.previous && result.previous !== key) await removeUnusedImage(ctx, result.previous, id);
  return result.envelope;
}

export async function removeCampaignImage(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<TCampaignEnvelope> {
  const { envelope, previous } = await setCampaignImage(ctx, user, id, null);
  if (previous) await removeUnusedImage(ctx, previous, id);
  return envelope;
}

/**
 * Sets a campaign's image columns (a new file, or none) under the row lock,
 * with its errors and version; the answer is the envelope.
 */
export async function setCampaignImage(
  ctx: AppContext,
  user: UserRow,
  id: string,
  image: { path: string; extension: string } | null,
  /** The new image's file being written: the transaction commits only after it. */
  written: Promise<void> = Promise.resolve(),
): Promise<{ envelope: TCampaignEnvelope; previous: string | null }> {
  return ctx.db.transaction(async (tx) => {
    const loaded = await loadEditable(tx, user, id);
    const { campaign } = loaded.record;
    const imagePath = image?.path ?? null;
    const stored = await storeEdit(tx, campaign, user.id, {
      imagePath,
      imageExtension: image?.extension ?? null,
      ...validationColumns({ ...campaign, imagePath }),
      version: campaign.version + 1,
      editorId: user.id,
    });
    const envelope = await answerUpdated(ctx, tx, user, loaded, stored);
    await written;
    return {
      envelope,
      previous: campaign.imagePath,
    };
  });
}

/**
 * Checks the caller and the campaign's status before anything of an upload
 * is read: the access statement alone, without the campaign's content.
 */
export async function checkImageUpload(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const { campaign } = await requireCampaignAccess(ctx.db, user, id);
  if (!isEditableStatus(campaign.status))
    throw new AppError(409, 'campaign_not_editable', 'current_status');
}
