/** Location rows to the API's shape, and the API's fields to columns. */
import type { TLocation, TLocationFields, TLocationImportJob } from '@backoffice/domain';
import type { locationImportJobs, locations } from '../../platform/db/schema.js';

export type LocationRow = typeof locations.$inferSelect;
export type ImportJobRow = typeof locationImportJobs.$inferSelect;

export const toLocation = (row: LocationRow): TLocation => ({
  id: row.id,
  name: row.name,
  type: row.type,
  street: row.street,
  streetnumber: row.streetnumber,
  entrance: row.entrance,
  top: row.top,
  floor: row.floor,
  co_line: row.coLine,
  zip: row.zip,
  city: row.city,
  country: row.country,
  formatted_address: row.formattedAddress,
  opening_hours: row.openingHours,
  is_billing_address: row.isBillingAddress,
  is_mail_address: row.isMailAddress,
  is_redemption: row.isRedemption,
  lat: row.lat,
  lng: row.lng,
  geocode_status: row.geocodeStatus,
  version: row.version,
});

export const locationColumns = (fields: TLocationFields) => ({
  name: fields.name,
  type: fields.type,
  street: fields.street,
  streetnumber: fields.streetnumber,
  entrance: fields.entrance,
  top: fields.top,
  floor: fields.floor,
  coLine: fields.co_line,
  zip: fields.zip,
  city: fields.city,
  country: fields.country,
  openingHours: fields.opening_hours,
  isBillingAddress: fields.is_billing_address,
  isMailAddress: fields.is_mail_address,
  isRedemption: fields.is_redemption,
});

/** An import's rows waiting for another attempt after the provider failed. */
export interface ImportRetries {
  waiting: number;
  nextAt: Date | null;
}

const NO_RETRIES: ImportRetries = { waiting: 0, nextAt: null };

export const toImportJob = (
  row: ImportJobRow,
  retries: ImportRetries = NO_RETRIES,
): TLocationImportJob => ({
  id: row.id,
  status: row.status,
  total: row.total,
  processed: row.processed,
  found: row.found,
  not_found: row.notFound,
  geocoder_failed: row.geocoderFailed,
  retrying: retries.waiting,
  next_retry_at: retries.nextAt ? retries.nextAt.toISOString() : null,
});
