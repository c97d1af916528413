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
import { scheduleImageRemoval } from '../../platform/files/image-removal.js';
import { removeUnusedImage } from './image-files.js';
import { findCampaignRecordingFormat, updateImageIfUnchanged } from './image-records.js';
import { storeEdit } from './lifecycle.js';
import {
  findCampaign,
  type CampaignDetailRecord,
  type CampaignInsert,
  type CampaignRecord,
} from './records.js';
import { answerUpdated, editableInPlace, requireEditableStatus, writeUnlocked } from './answers.js';
import { validationColumns } from './view.js';

/** What the image commands use: the database, the files, the jobs, the log and the answer's links. */
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

/** A campaign's new image: its key and the extension it is served in. */
interface StoredImage {
  path: string;
  extension: string;
}

/**
 * Reads the upload of `request` (in the caller's turn: readImageUpload),
 * stores it as received, shown cropped to the campaign format, and has the
 * old image removed once the change commits.
 * `access` is what checkImageUpload found before the upload was read.
 *
 * The common upload, a campaign in created, takes two statements besides
 * the session: the campaign read with the new format row, and its write
 * with the old image's removal job (replaceUnlocked). Every other one, and
 * one whose campaign changed between its read and its write, is stored
 * under the row lock in a transaction (setCampaignImage), which decides
 * every refusal.
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
  const upload = await readImageUpload(request, user.id, {
    ...format,
    maxPixels: deps.imageMaxPixels,
  });
  const image = {
    path: newImageKey('campaigns', id, upload.extension),
    extension: upload.extension,
  };
  try {
    // Stored as received: the 620×413 file is made on its first request
    // (platform/files/image-store.ts). Its format row is written in the
    // statement that reads the campaign, while the file is written: the key
    // is new and nothing refers to it, so neither is seen without the other;
    // the campaign refers to it only once both are there. (Under load each
    // of the two waits for several turns of the event loop: one after the
    // other, they were the upload's longest wait.)
    const [read, written] = await Promise.allSettled([
      findCampaignRecordingFormat(deps.db, id, { key: image.path, format }),
      deps.files.put(image.path, upload.data),
    ]);
    if (read.status === 'rejected') throw read.reason;
    if (written.status === 'rejected') throw written.reason;
    const record = read.value;
    return (
      (record && (await replaceUnlocked(deps, user, { access, record, image }))) ??
      (await setCampaignImage(deps, user, { access, id, image }))
    );
  } catch (error) {
    // Unless a campaign refers to it: this one does when its unlocked write
    // landed before the error (replaceUnlocked).
    const removing = removeUnusedImage(deps, image.path, { exceptId: null });
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

/** What an image change stores: the image columns, the errors they make, the next version and the editor. */
function imageColumns(
  campaign: CampaignRecord,
  user: UserRow,
  image: StoredImage | null,
): Partial<CampaignInsert> {
  const imagePath = image?.path ?? null;
  return {
    imagePath,
    imageExtension: image?.extension ?? null,
    ...validationColumns({ ...campaign, imagePath }),
    version: campaign.version + 1,
    editorId: user.id,
  };
}

/**
 * Sets a campaign's image columns (a new file, or none) under the row lock,
 * with its errors and version; the replaced file is removed by a job sent
 * with the change (platform/files/image-removal.ts). The answer is the envelope.
 */
async function setCampaignImage(
  deps: ImageDeps,
  user: UserRow,
  { access, id, image }: { access: MerchantAccess; id: string; image: StoredImage | null },
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
      values: imageColumns(campaign, user, image),
    });
    return answerUpdated({ db: tx, frontendUrl: deps.frontendUrl }, user, {
      loaded: { record, access },
      stored,
    });
  });
}

/**
 * The common upload without a transaction, as the common save
 * (service.ts, saveUnlocked): a campaign of the caller's merchant in an
 * editable status that an edit does not reopen, its answer checked against
 * the schema before the write, and one write that lands only while the row
 * is still the version read, with the old image's removal job
 * (updateImageIfUnchanged). Undefined, nothing changed, whenever
 * setCampaignImage must decide: another merchant's campaign (404), a status
 * that refuses the change or that it reopens (a history row and events), an
 * answer the schema cannot carry, or a write that came between.
 */
async function replaceUnlocked(
  deps: ImageDeps,
  user: UserRow,
  {
    access,
    record,
    image,
  }: { access: MerchantAccess; record: CampaignDetailRecord; image: StoredImage },
): Promise<TCampaignEnvelope | undefined> {
  const { campaign } = record;
  if (campaign.merchantId !== access.merchant.id || !editableInPlace(campaign.status))
    return undefined;
  return writeUnlocked(deps, user, {
    record,
    access,
    values: imageColumns(campaign, user, image),
    write: (values) =>
      updateImageIfUnchanged(
        deps.db,
        { id: campaign.id, rowVersion: record.rowVersion, previous: campaign.imagePath },
        values,
      ),
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
