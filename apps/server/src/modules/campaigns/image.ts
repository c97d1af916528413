/** The campaign image (docs/product.md#campaigns image, campaign_image_extension; docs/product.md#limits format 620×413). */
import type { FastifyRequest } from 'fastify';
import { CAMPAIGN_IMAGE_FORMAT, type TCampaignEnvelope } from '@backoffice/domain';
import {
  requireCampaignAccess,
  type CampaignAccess,
  type MerchantAccess,
  type UserRow,
} from '../../platform/access/merchant-access.js';
import type { Db } from '../../platform/db/client.js';
import type { CampaignDeps } from './deps.js';
import { newImageKey } from '../../platform/files/storage.js';
import { notFound, RetryLaterError } from '../../platform/errors.js';
import { readImageUpload } from '../../platform/files/uploads.js';
import { recordImageFormat } from '../../platform/files/image-store.js';
import { scheduleImageRemoval } from '../../platform/files/image-removal.js';
import { removeUnusedImage } from './image-files.js';
import { storeEdit } from './lifecycle.js';
import { findCampaign } from './records.js';
import { answerUpdated, requireEditableStatus } from './answers.js';
import { validationColumns } from './view.js';

/** What the image commands use: the database, the files, the log and the answer's links. */
type ImageDeps = Pick<
  CampaignDeps,
  'db' | 'files' | 'jobs' | 'log' | 'frontendUrl' | 'imageMaxPixels'
>;

export interface CropRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Reads the upload of `request` (in the caller's turn: readImageUpload),
 * stores it as received, shown cropped to the campaign format, and has the
 * old image removed once the change commits.
 * `access` is what checkImageUpload found before the upload was read.
 */
export async function replaceCampaignImage(
  deps: ImageDeps,
  user: UserRow,
  {
    access,
    id,
    request,
    crop,
  }: {
    access: MerchantAccess;
    id: string;
    request: FastifyRequest;
    crop: CropRect | undefined;
  },
): Promise<TCampaignEnvelope> {
  const format = { ...CAMPAIGN_IMAGE_FORMAT, crop };
  const image = await readImageUpload(request, user.id, {
    ...format,
    maxPixels: deps.imageMaxPixels,
  });
  const key = newImageKey('campaigns', id, image.extension);
  // Stored as received: the 620×413 file is made on its first request
  // (platform/files/image-store.ts). Its format row is written first; the file
  // is written while the transaction locks and updates the row, and the
  // transaction commits only once the file is there.
  await recordImageFormat(deps.db, key, format);
  const written = deps.files.put(key, image.data);
  // Awaited in both branches below; this only keeps a failed write from
  // counting as unhandled while the transaction runs.
  written.catch(() => undefined);
  try {
    return await setCampaignImage(deps, user, {
      access,
      id,
      image: { path: key, extension: image.extension },
      written,
    });
  } catch (error) {
    await written.catch(() => undefined);
    const removing = removeUnusedImage(deps, key, { exceptId: id });
    // An object store that did not answer would keep the caller waiting as long
    // again: the caller gets its 503 now, the removal goes on (and logs a failure).
    if (!(error instanceof RetryLaterError)) await removing;
    throw error;
  }
}

export async function removeCampaignImage(
  deps: ImageDeps,
  user: UserRow,
  id: string,
): Promise<TCampaignEnvelope> {
  const access = await checkImageUpload(deps.db, user, id);
  return setCampaignImage(deps, user, { access, id, image: null });
}

/**
 * Sets a campaign's image columns (a new file, or none) under the row lock,
 * with its errors and version; the replaced file is removed by a job sent
 * with the change (platform/files/image-removal.ts). The answer is the envelope.
 */
async function setCampaignImage(
  deps: ImageDeps,
  user: UserRow,
  {
    access,
    id,
    image,
    written = Promise.resolve(),
  }: {
    access: MerchantAccess;
    id: string;
    image: { path: string; extension: string } | null;
    /** The new image's file being written: the transaction commits only after it. */
    written?: Promise<void>;
  },
): Promise<TCampaignEnvelope> {
  const imagePath = image?.path ?? null;
  return deps.db.transaction(async (tx) => {
    // The caller was checked a moment ago (checkImageUpload); under the lock
    // only the status is checked again.
    const record = await findCampaign(tx, id, { lock: true });
    if (!record || record.campaign.merchantId !== access.merchant.id) throw notFound();
    const { campaign } = record;
    requireEditableStatus(campaign.status);
    const previous = campaign.imagePath;
    if (previous && previous !== imagePath) await scheduleImageRemoval(deps.jobs, tx, previous);
    const stored = await storeEdit(tx, campaign, {
      userId: user.id,
      values: {
        imagePath,
        imageExtension: image?.extension ?? null,
        ...validationColumns({ ...campaign, imagePath }),
        version: campaign.version + 1,
        editorId: user.id,
      },
    });
    const answer = await answerUpdated({ db: tx, frontendUrl: deps.frontendUrl }, user, {
      loaded: { record, access },
      stored,
    });
    await written;
    return answer;
  });
}

/**
 * Checks the caller and the campaign's status before anything of an upload
 * is read: the access statement alone, without the campaign's content.
 */
export async function checkImageUpload(db: Db, user: UserRow, id: string): Promise<MerchantAccess> {
  return editableImageAccess(await requireCampaignAccess(db, user, id));
}

/** The caller's access to a campaign (found by the access resolver) whose image may change now. */
export function editableImageAccess({ campaign, access }: CampaignAccess): MerchantAccess {
  requireEditableStatus(campaign.status);
  return access;
}
