/**
 * Use cases of the merchant profile: create, save, image, and the computed
 * validity. Each command runs in one transaction.
 */
import {
  ACCOUNT_ROLES,
  MERCHANT_IMAGE_FORMAT,
  computeMerchantErrors,
  isAdmin,
  merchantSearchType,
  mustUpgradeForMerchantProfile,
  type AccountRole,
  type TMerchantProfile,
  type TMerchantSaveResponse,
} from '@backoffice/domain';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { newImageKey, type FileStorage } from '../../platform/files/storage.js';
import { AppError, notFound } from '../../platform/errors.js';
import { readImageUpload } from '../../platform/files/uploads.js';
import { removeImage, storeUploadedImage } from '../../platform/files/image-store.js';
import { scheduleImageRemoval } from '../../platform/files/image-removal.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import type { UserRow } from '../../platform/users/users.js';
import {
  requireMerchantAccess,
  tokenGrantOf,
  type MerchantAccess,
  type MerchantRow,
} from '../../platform/access/merchant-access.js';
import { listMerchantsForUser, merchantSummary } from '../../platform/access/merchant-list.js';
import {
  countContactAccounts,
  findMerchant,
  insertAccount,
  insertMerchant,
  lockUserMemberships,
  membershipMerchants,
  setMerchantErrors,
  setMerchantImage,
  updateMerchantProfile,
} from './queries.js';
import { toMerchantDetail } from './view.js';

const blankToNull = (value: string) => (value === '' ? null : value);

/** The columns a profile sets. */
function profileColumns(profile: TMerchantProfile) {
  return {
    name: profile.name,
    brandName: blankToNull(profile.brand_name),
    description: blankToNull(profile.description),
    vatin: blankToNull(profile.vatin),
    telephone: blankToNull(profile.telephone),
    email: blankToNull(profile.email),
    website: blankToNull(profile.website),
    social: profile.social,
    contacts: profile.contacts,
    coregEnabled: profile.coreg_enabled,
    coregDefaultSuitable: profile.coreg_default_suitable,
    coregTerms: profile.coreg_terms,
  };
}

export interface AdminFields {
  internal_name?: string | undefined;
  level?: number | undefined;
  is_valid?: boolean | undefined;
}

/** Recomputes and stores the merchant's errors (e.g. no contact account). */
export async function refreshMerchantErrors(tx: DbOrTx, merchantId: string): Promise<void> {
  const errors = computeMerchantErrors({
    contactAccounts: await countContactAccounts(tx, merchantId),
  });
  await setMerchantErrors(tx, merchantId, errors);
}

/**
 * The spec's please-upgrade rule, on the server too: a level-0 merchant's user
 * in single-merchant mode may not create or edit a merchant profile.
 */
async function refuseWithoutUpgrade(
  tx: DbOrTx,
  user: UserRow,
  merchantLevel: (memberships: MerchantRow[]) => number,
): Promise<void> {
  if (user.level !== 'other') return;
  // An integrator token acts for its one merchant: single-merchant mode.
  const token = tokenGrantOf(user);
  const memberships = token ? [] : await membershipMerchants(tx, user.id, 2);
  const searchType = merchantSearchType(token ? 1 : memberships.length);
  if (mustUpgradeForMerchantProfile(merchantLevel(memberships), searchType)) {
    throw new AppError(403, 'upgrade_required');
  }
}

/**
 * Access to change a merchant's profile (data and image): the manage-merchant
 * role, and the please-upgrade rule. Every profile command asks this.
 */
async function requireProfileAccess(
  tx: DbOrTx,
  user: UserRow,
  merchantId: string,
): Promise<MerchantAccess> {
  const access = await requireMerchantAccess(tx, user, { merchantId, role: 'manage-merchant' });
  await refuseWithoutUpgrade(tx, user, () => access.merchant.level);
  return access;
}

async function loadMerchant(tx: DbOrTx, id: string): Promise<MerchantRow> {
  const row = await findMerchant(tx, id);
  if (!row) throw notFound();
  return row;
}

function answer(
  merchant: MerchantRow,
  roles: readonly AccountRole[],
  user: UserRow,
): TMerchantSaveResponse {
  return {
    merchant: toMerchantDetail(merchant, roles, isAdmin(user)),
    summary: merchantSummary(merchant, roles),
  };
}

/** What the merchants module uses of the application (built in services.ts). */
export interface MerchantDeps {
  db: Db;
  /** Merchant image files. */
  files: FileStorage;
  /** Where a replaced image's removal is sent. */
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** Largest image accepted, in pixels (config.files.imageMaxPixels). */
  imageMaxPixels: number;
}

/** What a create or save stores: the profile, and the fields only admins may set. */
export interface MerchantChange {
  profile: TMerchantProfile;
  adminFields: AdminFields;
}

/** POST /merchants: the creator (unless an admin) becomes an account with every role. */
export async function createMerchant(
  db: Db,
  user: UserRow,
  { profile, adminFields }: MerchantChange,
): Promise<TMerchantSaveResponse> {
  return db.transaction(async (tx) => {
    // Two creations at once would each count the memberships before the other's.
    await lockUserMemberships(tx, user.id);
    await refuseWithoutUpgrade(tx, user, (memberships) => memberships[0]?.level ?? 0);
    const admin = isAdmin(user);
    const created = await insertMerchant(tx, {
      ...profileColumns(profile),
      ...(admin
        ? {
            internalName: blankToNull(adminFields.internal_name ?? ''),
            level: adminFields.level ?? 0,
            isValid: adminFields.is_valid ?? true,
          }
        : {}),
    });
    const roles = [...ACCOUNT_ROLES];
    if (!admin) {
      await insertAccount(tx, { merchantId: created.id, userId: user.id, roles });
    }
    await refreshMerchantErrors(tx, created.id);
    return answer(await loadMerchant(tx, created.id), roles, user);
  });
}

/** POST /merchants/{id}: saves the profile; admin fields only from admins. */
export async function saveMerchant(
  db: Db,
  user: UserRow,
  {
    merchantId,
    profile,
    adminFields,
    version,
  }: MerchantChange & {
    merchantId: string;
    /** The version the editor's copy was loaded at; a save from an older one is refused. */
    version?: number | undefined;
  },
): Promise<TMerchantSaveResponse> {
  return db.transaction(async (tx) => {
    const access = await requireProfileAccess(tx, user, merchantId);
    const admin = isAdmin(user);
    const saved = await updateMerchantProfile(
      tx,
      { merchantId, version },
      {
        ...profileColumns(profile),
        ...(admin
          ? {
              ...(adminFields.internal_name !== undefined
                ? { internalName: blankToNull(adminFields.internal_name) }
                : {}),
              ...(adminFields.level !== undefined ? { level: adminFields.level } : {}),
              ...(adminFields.is_valid !== undefined ? { isValid: adminFields.is_valid } : {}),
            }
          : {}),
      },
    );
    // Another save came first (the row's version moved on since the editor loaded it).
    if (!saved) throw new AppError(409, 'merchant_changed');
    await refreshMerchantErrors(tx, merchantId);
    return answer(await loadMerchant(tx, merchantId), access.roles, user);
  });
}

/** Checks the caller (as every profile command does) before anything of an image upload is read. */
export async function checkMerchantImageUpload(
  db: Db,
  user: UserRow,
  merchantId: string,
): Promise<void> {
  await requireProfileAccess(db, user, merchantId);
}

/**
 * Reads the upload of `request` (in the caller's turn: readImageUpload),
 * stores it as received, shown cropped to 400×400, and has the old image
 * removed once the change commits (platform/files/image-removal.ts).
 */
export async function replaceMerchantImage(
  deps: MerchantDeps,
  user: UserRow,
  { merchantId, request }: { merchantId: string; request: FastifyRequest },
): Promise<TMerchantSaveResponse> {
  const image = await readImageUpload(request, user.id, {
    ...MERCHANT_IMAGE_FORMAT,
    maxPixels: deps.imageMaxPixels,
  });
  // The caller was checked before the upload was read (checkMerchantImageUpload); asked
  // again for the roles the answer shows, as they are now.
  const access = await requireProfileAccess(deps.db, user, merchantId);
  const key = newImageKey('merchants', merchantId, image.extension);
  // Stored as received; the 400×400 file is made on its first request.
  await storeUploadedImage(deps, key, { data: image.data, format: MERCHANT_IMAGE_FORMAT });
  let set;
  try {
    set = await setMerchantImage(deps.db, merchantId, {
      imagePath: key,
      replaced: removeReplaced(deps),
    });
  } catch (error) {
    await removeMerchantFile(deps, key);
    throw error;
  }
  if (!set) {
    await removeMerchantFile(deps, key);
    throw notFound();
  }
  return answer(set.updated, access.roles, user);
}

export async function removeMerchantImage(
  deps: MerchantDeps,
  user: UserRow,
  merchantId: string,
): Promise<TMerchantSaveResponse> {
  const access = await requireProfileAccess(deps.db, user, merchantId);
  const set = await setMerchantImage(deps.db, merchantId, {
    imagePath: null,
    replaced: removeReplaced(deps),
  });
  if (!set) throw notFound();
  return answer(set.updated, access.roles, user);
}

/** Has a replaced image removed once the transaction `tx` commits. */
const removeReplaced =
  ({ jobs }: Pick<MerchantDeps, 'jobs'>) =>
  (tx: DbOrTx, previous: string) =>
    scheduleImageRemoval(jobs, tx, previous);

/** Deletes the upload of a change that failed, at once; a failure is logged, not thrown. */
async function removeMerchantFile(
  { db, files, log }: Pick<MerchantDeps, 'db' | 'files' | 'log'>,
  key: string,
): Promise<void> {
  // The upload and the files made from it.
  await removeImage({ db, files }, key).catch((error: unknown) => {
    log.warn({ err: error, key }, 'merchant image not removed');
  });
}

/** The merchants module's service, built once by the app. */
export function createMerchantService(deps: MerchantDeps) {
  const { db } = deps;
  return {
    /** The merchants the user may act for, a page of them. */
    list: (user: UserRow, query: { page: number; filter?: string | undefined }) =>
      listMerchantsForUser(db, user, query),
    /** The merchant and the user's roles in it (404 when the user may not see it). */
    access: (user: UserRow, merchantId: string) => requireMerchantAccess(db, user, { merchantId }),
    create: (user: UserRow, change: MerchantChange) => createMerchant(db, user, change),
    save: (user: UserRow, change: Parameters<typeof saveMerchant>[2]) =>
      saveMerchant(db, user, change),
    /** Checks who asks before an upload is read. */
    checkImageUpload: (user: UserRow, merchantId: string) =>
      checkMerchantImageUpload(db, user, merchantId),
    replaceImage: (user: UserRow, upload: { merchantId: string; request: FastifyRequest }) =>
      replaceMerchantImage(deps, user, upload),
    removeImage: (user: UserRow, merchantId: string) => removeMerchantImage(deps, user, merchantId),
  };
}

export type MerchantService = ReturnType<typeof createMerchantService>;
