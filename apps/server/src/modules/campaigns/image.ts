/** The campaign image (spec §3 image, campaign_image_extension; §9 format 620×413). */
import { eq, sql } from 'drizzle-orm';
import {
  CAMPAIGN_IMAGE_FORMAT,
  isEditableStatus,
  type TCampaignEnvelope,
} from '@backoffice/domain';
import type { AppContext } from '../../app-context.js';
import { campaigns } from '../../db/schema.js';
import { ImageRejectedError, processImage } from '../../files/images.js';
import { newImageKey } from '../../files/storage.js';
import { AppError } from '../../http/errors.js';
import type { UserRow } from '../users/queries.js';
import { envelopeOf, loadCampaign } from './service.js';

export interface CropRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

async function requireEditable(ctx: AppContext, user: UserRow, id: string) {
  const loaded = await loadCampaign(ctx.db, user, id);
  if (!isEditableStatus(loaded.record.campaign.status)) {
    throw new AppError(409, 'campaign_not_editable', 'current_status');
  }
  return loaded;
}

/** Checks the caller before anything of an upload is read. */
export const checkImageUpload = requireEditable;

/** Stores the upload cropped to the campaign format and removes the old image. */
export async function replaceCampaignImage(
  ctx: AppContext,
  user: UserRow,
  id: string,
  upload: Buffer,
  crop: CropRect | undefined,
): Promise<TCampaignEnvelope> {
  const { record } = await requireEditable(ctx, user, id);
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
  await ctx.files.put(key, image.data);
  await ctx.db
    .update(campaigns)
    .set({
      imagePath: key,
      imageExtension: image.extension,
      editorId: user.id,
      modifiedAt: sql`now()`,
    })
    .where(eq(campaigns.id, id));
  const old = record.campaign.imagePath;
  if (old && old !== key) {
    await ctx.files.delete(old).catch((error: unknown) => {
      ctx.log.warn({ err: error, key: old }, 'old campaign image not removed');
    });
  }
  return envelopeOf(ctx, ctx.db, user, id);
}

export async function removeCampaignImage(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<TCampaignEnvelope> {
  const { record } = await requireEditable(ctx, user, id);
  await ctx.db
    .update(campaigns)
    .set({ imagePath: null, imageExtension: null, editorId: user.id, modifiedAt: sql`now()` })
    .where(eq(campaigns.id, id));
  if (record.campaign.imagePath) await ctx.files.delete(record.campaign.imagePath);
  return envelopeOf(ctx, ctx.db, user, id);
}
