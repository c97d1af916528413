/**
 * Use cases of a merchant's locations (docs/product.md#locations, docs/product.md#validation, docs/product.md#api-calls): list, read, save
 * with geocoding and the 'Trotzdem verwenden' confirmation, delete, and the
 * CSV upload that stores every row at once and geocodes in the background.
 */
import {
  formatAddress,
  type TLocation,
  type TLocationFields,
  type TLocationImportJob,
  type TLocationListResponse,
  type TUploadLineError,
} from '@backoffice/domain';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import { requireMerchantAccess } from '../../platform/access/merchant-access.js';
import type { UserRow } from '../../platform/users/users.js';
import { parseLocationCsv } from './csv.js';
import { geocodeLocation, type GeocodeDeps } from './geocode.js';
import { sendImportJob, type ImportWorkerDeps } from './import-worker.js';
import {
  countImportProgress,
  findImportJob,
  findLocation,
  importRetries,
  insertImportJob,
  insertLocation,
  insertLocations,
  latestImportJob,
  listLocations,
  lockLocation,
  removeLocation,
  updateLocation,
} from './queries.js';
import { locationColumns, toImportJob, toLocation, type LocationRow } from './view.js';
import { traced } from '../../platform/tracing/hooks.js';

const ROLE = 'manage-merchant';

/**
 * What the locations module uses of the application (built in services.ts):
 * the geocoding worker's part and the upload's row limit, under the names
 * the application's context has.
 */
export interface LocationDeps extends ImportWorkerDeps {
  config: ImportWorkerDeps['config'] & { files: { csvMaxRows: number } };
}

/** Where a location is: its merchant, and the location itself. */
interface LocationRef {
  merchantId: string;
  locationId: string;
}

export async function locationList(
  db: Db,
  user: UserRow,
  merchantId: string,
): Promise<TLocationListResponse> {
  await requireMerchantAccess(db, user, { merchantId, role: ROLE });
  const rows = await listLocations(db, merchantId);
  const job = await latestImportJob(db, merchantId);
  return {
    rows: rows.map(toLocation),
    import_job:
      job && job.status === 'running' ? toImportJob(job, await importRetries(db, job.id)) : null,
  };
}

async function loadLocation(tx: DbOrTx, { merchantId, locationId }: LocationRef) {
  const row = await findLocation(tx, merchantId, locationId);
  if (!row) throw notFound();
  return row;
}

export async function getLocation(
  db: Db,
  user: UserRow,
  { merchantId, locationId }: LocationRef,
): Promise<TLocation> {
  await requireMerchantAccess(db, user, { merchantId, role: ROLE });
  return toLocation(await loadLocation(db, { merchantId, locationId }));
}

const sameAddress = (row: LocationRow, fields: TLocationFields) =>
  row.street === fields.street &&
  row.streetnumber === fields.streetnumber &&
  row.zip === fields.zip &&
  row.city === fields.city &&
  row.country === fields.country;

/** The geocoding columns for a save: found, or confirmed by 'Trotzdem verwenden', or refused. */
async function geocodeForSave(
  deps: GeocodeDeps,
  fields: TLocationFields,
  { useAnyway, previous }: { useAnyway: boolean; previous: LocationRow | undefined },
) {
  if (previous && sameAddress(previous, fields) && previous.geocodeStatus === 'found') {
    // The position found for this address, written with it: a save of
    // another address in the meantime must not be left with this one's
    // address and its own position.
    return {
      geocodeStatus: previous.geocodeStatus,
      lat: previous.lat,
      lng: previous.lng,
      formattedAddress: previous.formattedAddress,
    };
  }
  const result = await geocodeLocation(deps, fields);
  if (result) {
    return {
      geocodeStatus: 'found' as const,
      lat: result.lat,
      lng: result.lng,
      formattedAddress: result.formattedAddress || formatAddress(fields),
    };
  }
  if (!useAnyway) throw new AppError(422, 'address_not_found', 'street');
  return {
    geocodeStatus: 'confirmed' as const,
    lat: null,
    lng: null,
    formattedAddress: formatAddress(fields),
  };
}

/** POST /merchants/{id}/locations and /locations/{locId}: geocoded; unknown addresses need use_anyway. */
export async function saveLocation(
  deps: GeocodeDeps & { db: Db },
  user: UserRow,
  {
    merchantId,
    locationId,
    fields,
    useAnyway,
    version,
  }: {
    merchantId: string;
    /** Undefined for a new location. */
    locationId: string | undefined;
    fields: TLocationFields;
    useAnyway: boolean;
    /** The version the editor's copy was read at; a save from an older one is refused. */
    version?: number | undefined;
  },
): Promise<TLocation> {
  // Geocoding (an outgoing request) and the statements, in one span.
  return traced('location.save', async () => {
    await requireMerchantAccess(deps.db, user, { merchantId, role: ROLE });
    const previous = locationId
      ? await loadLocation(deps.db, { merchantId, locationId })
      : undefined;
    // Geocoding may take seconds: done before the transaction so that it holds no lock meanwhile.
    const geo = await geocodeForSave(deps, fields, { useAnyway, previous });
    // A saved row is settled by the save: an import's retries of it end.
    const values = { ...locationColumns(fields), ...geo, geocodeAttempts: 0, geocodeRetryAt: null };
    const row = locationId
      ? await deps.db.transaction(async (tx) => {
          const current = await lockLocation(tx, merchantId, locationId);
          if (!current) return undefined;
          const updated = await updateLocation(tx, { merchantId, locationId }, { version, values });
          if (!updated) throw new AppError(409, 'location_changed');
          await countTakenFromImport(
            tx,
            current,
            geo.geocodeStatus === 'found' ? 'found' : 'not_found',
          );
          return updated;
        })
      : await insertLocation(deps.db, {
          ...values,
          merchantId,
        });
    if (!row) throw notFound();
    return toLocation(row);
  });
}

export async function deleteLocation(
  db: Db,
  user: UserRow,
  { merchantId, locationId }: LocationRef,
): Promise<void> {
  await requireMerchantAccess(db, user, { merchantId, role: ROLE });
  await db.transaction(async (tx) => {
    const current = await lockLocation(tx, merchantId, locationId);
    if (!current) throw notFound();
    await removeLocation(tx, merchantId, locationId);
    await countTakenFromImport(tx, current, 'removed');
  });
}

/**
 * A row of a CSV import that a user saves or deletes before the import's
 * worker came to it: the user's change settles it, and the job counts it as
 * processed (the worker's own result then finds it no longer pending).
 */
async function countTakenFromImport(
  tx: DbOrTx,
  before: LocationRow,
  outcome: 'found' | 'not_found' | 'removed',
): Promise<void> {
  if (before.geocodeStatus !== 'pending' || !before.importJobId) return;
  await countImportProgress(tx, before.importJobId, outcome);
}

export class UploadRefusedError extends Error {
  constructor(readonly errors: TUploadLineError[]) {
    super('upload refused');
  }
}

/** POST /merchants/{id}/multiple-locations: all rows valid, or nothing stored. */
export async function uploadLocations(
  deps: Pick<LocationDeps, 'db' | 'jobs' | 'config'>,
  user: UserRow,
  { merchantId, data }: { merchantId: string; data: Buffer },
): Promise<TLocationImportJob> {
  await requireMerchantAccess(deps.db, user, { merchantId, role: ROLE });
  const result = await parseLocationCsv(data, deps.config.files.csvMaxRows);
  if (result.kind === 'empty') throw new AppError(400, 'no_locations_uploaded', 'upload');
  if (result.kind === 'refused') throw new UploadRefusedError(result.errors);
  const job = await deps.db.transaction(async (tx) => {
    const created = await insertImportJob(tx, {
      merchantId,
      total: result.rows.length,
      createdBy: user.id,
    });
    await insertLocations(
      tx,
      result.rows.map((fields) => ({
        ...locationColumns(fields),
        merchantId,
        formattedAddress: formatAddress(fields),
        geocodeStatus: 'pending' as const,
        importJobId: created.id,
      })),
    );
    await sendImportJob(deps.jobs, tx, { importJobId: created.id });
    return created;
  });
  return toImportJob(job);
}

export async function importJob(
  db: Db,
  user: UserRow,
  { merchantId, jobId }: { merchantId: string; jobId: string },
): Promise<TLocationImportJob> {
  await requireMerchantAccess(db, user, { merchantId, role: ROLE });
  const job = await findImportJob(db, merchantId, jobId);
  if (!job) throw notFound();
  return toImportJob(job, await importRetries(db, job.id));
}

/** The locations module's service, built once by the app. */
export function createLocationService(deps: LocationDeps) {
  const { db } = deps;
  return {
    list: (user: UserRow, merchantId: string) => locationList(db, user, merchantId),
    get: (user: UserRow, ref: LocationRef) => getLocation(db, user, ref),
    save: (user: UserRow, change: Parameters<typeof saveLocation>[2]) =>
      saveLocation(deps, user, change),
    delete: (user: UserRow, ref: LocationRef) => deleteLocation(db, user, ref),
    /** Checks who asks before an upload is read. */
    checkUpload: (user: UserRow, merchantId: string) =>
      requireMerchantAccess(db, user, { merchantId, role: ROLE }),
    upload: (user: UserRow, file: { merchantId: string; data: Buffer }) =>
      uploadLocations(deps, user, file),
    importJob: (user: UserRow, job: { merchantId: string; jobId: string }) =>
      importJob(db, user, job),
  };
}

export type LocationService = ReturnType<typeof createLocationService>;
