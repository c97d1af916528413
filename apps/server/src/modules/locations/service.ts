/**
 * Use cases of a merchant's locations (spec §3, §5, §7): list, read, save
 * with geocoding and the 'Trotzdem verwenden' confirmation, delete, and the
 * CSV upload that stores every row at once and geocodes in the background.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  formatAddress,
  type TLocation,
  type TLocationFields,
  type TLocationImportJob,
  type TLocationListResponse,
  type TUploadLineError,
} from '@backoffice/domain';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { locationImportJobs, locations } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import { requireMerchantAccess } from '../../access/merchant-access.js';
import type { UserRow } from '../users/queries.js';
import { parseLocationCsv } from './csv.js';
import { geocodeLocation } from './geocode.js';
import { startImportJob } from './import-worker.js';
import { locationColumns, toImportJob, toLocation, type LocationRow } from './view.js';

const ROLE = 'manage-merchant';

export async function locationList(
  ctx: AppContext,
  user: UserRow,
  merchantId: string,
): Promise<TLocationListResponse> {
  await requireMerchantAccess(ctx.db, user, merchantId, { role: ROLE });
  const rows = await ctx.db
    .select()
    .from(locations)
    .where(eq(locations.merchantId, merchantId))
    .orderBy(asc(locations.name), asc(locations.id));
  const [job] = await ctx.db
    .select()
    .from(locationImportJobs)
    .where(eq(locationImportJobs.merchantId, merchantId))
    .orderBy(desc(locationImportJobs.createdAt))
    .limit(1);
  return {
    rows: rows.map(toLocation),
    import_job: job && job.status === 'running' ? toImportJob(job) : null,
  };
}

async function findLocation(tx: DbOrTx, merchantId: string, locationId: string) {
  const [row] = await tx
    .select()
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.merchantId, merchantId)));
  if (!row) throw notFound();
  return row;
}

export async function getLocation(
  ctx: AppContext,
  user: UserRow,
  merchantId: string,
  locationId: string,
): Promise<TLocation> {
  await requireMerchantAccess(ctx.db, user, merchantId, { role: ROLE });
  return toLocation(await findLocation(ctx.db, merchantId, locationId));
}

const sameAddress = (row: LocationRow, fields: TLocationFields) =>
  row.street === fields.street &&
  row.streetnumber === fields.streetnumber &&
  row.zip === fields.zip &&
  row.city === fields.city &&
  row.country === fields.country;

/** The geocoding columns for a save: found, or confirmed by 'Trotzdem verwenden', or refused. */
async function geocodeForSave(
  ctx: AppContext,
  fields: TLocationFields,
  useAnyway: boolean,
  previous: LocationRow | undefined,
) {
  if (previous && sameAddress(previous, fields) && previous.geocodeStatus === 'found') {
    return {};
  }
  const result = await geocodeLocation(ctx, fields);
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
  ctx: AppContext,
  user: UserRow,
  merchantId: string,
  locationId: string | undefined,
  fields: TLocationFields,
  useAnyway: boolean,
): Promise<TLocation> {
  await requireMerchantAccess(ctx.db, user, merchantId, { role: ROLE });
  const previous = locationId ? await findLocation(ctx.db, merchantId, locationId) : undefined;
  // Geocoding may take seconds: done before the transaction so that it holds no lock meanwhile.
  const geo = await geocodeForSave(ctx, fields, useAnyway, previous);
  const values = { ...locationColumns(fields), ...geo, updatedAt: sql`now()` };
  const [row] = locationId
    ? await ctx.db
        .update(locations)
        .set(values)
        .where(and(eq(locations.id, locationId), eq(locations.merchantId, merchantId)))
        .returning()
    : await ctx.db
        .insert(locations)
        .values({
          ...values,
          merchantId,
          formattedAddress: geo.formattedAddress ?? formatAddress(fields),
        })
        .returning();
  if (!row) throw notFound();
  return toLocation(row);
}

export async function deleteLocation(
  ctx: AppContext,
  user: UserRow,
  merchantId: string,
  locationId: string,
): Promise<void> {
  await requireMerchantAccess(ctx.db, user, merchantId, { role: ROLE });
  const deleted = await ctx.db
    .delete(locations)
    .where(and(eq(locations.id, locationId), eq(locations.merchantId, merchantId)))
    .returning({ id: locations.id });
  if (deleted.length === 0) throw notFound();
}

export class UploadRefusedError extends Error {
  constructor(readonly errors: TUploadLineError[]) {
    super('upload refused');
  }
}

/** POST /merchants/{id}/multiple-locations: all rows valid, or nothing stored. */
export async function uploadLocations(
  ctx: AppContext,
  user: UserRow,
  merchantId: string,
  data: Buffer,
): Promise<TLocationImportJob> {
  await requireMerchantAccess(ctx.db, user, merchantId, { role: ROLE });
  const result = parseLocationCsv(data, ctx.config.files.csvMaxRows);
  if (result.kind === 'empty') throw new AppError(400, 'no_locations_uploaded', 'upload');
  if (result.kind === 'refused') throw new UploadRefusedError(result.errors);
  const job = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(locationImportJobs)
      .values({ merchantId, total: result.rows.length, createdBy: user.id })
      .returning();
    if (!created) throw new Error('insert returned no job');
    await tx.insert(locations).values(
      result.rows.map((fields) => ({
        ...locationColumns(fields),
        merchantId,
        formattedAddress: formatAddress(fields),
        geocodeStatus: 'pending' as const,
        importJobId: created.id,
      })),
    );
    return created;
  });
  void startImportJob(ctx, job.id);
  return toImportJob(job);
}

export async function importJob(
  ctx: AppContext,
  user: UserRow,
  merchantId: string,
  jobId: string,
): Promise<TLocationImportJob> {
  await requireMerchantAccess(ctx.db, user, merchantId, { role: ROLE });
  const [job] = await ctx.db
    .select()
    .from(locationImportJobs)
    .where(and(eq(locationImportJobs.id, jobId), eq(locationImportJobs.merchantId, merchantId)));
  if (!job) throw notFound();
  return toImportJob(job);
}

/** Whether the merchant has redemption locations (feeds the campaign's show-map setting). */
export async function hasRedemptionLocations(db: DbOrTx, merchantId: string): Promise<boolean> {
  const [row] = await db
    .select({ total: count() })
    .from(locations)
    .where(and(eq(locations.merchantId, merchantId), eq(locations.isRedemption, true)));
  return (row?.total ?? 0) > 0;
}
