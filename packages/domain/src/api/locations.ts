/** Contract of the location endpoints (docs/product.md#locations, docs/product.md#api-calls "Merchants"). */
import { z } from 'zod';
import {
  GEOCODE_STATUSES,
  LOCATION_COUNTRIES,
  LOCATION_TYPES,
  LOCATION_UPLOAD_MESSAGES,
} from '../location/location.js';
import { ZUuid } from './common.js';

export const ZLocation = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(LOCATION_TYPES),
  street: z.string(),
  streetnumber: z.string(),
  entrance: z.string(),
  top: z.string(),
  floor: z.string(),
  co_line: z.string(),
  zip: z.string(),
  city: z.string(),
  country: z.enum(LOCATION_COUNTRIES),
  formatted_address: z.string(),
  opening_hours: z.string(),
  is_billing_address: z.boolean(),
  is_mail_address: z.boolean(),
  is_redemption: z.boolean(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  geocode_status: z.enum(GEOCODE_STATUSES),
  /** Send it back with a save (ZSaveVersion). */
  version: z.number().int(),
});
export type TLocation = z.infer<typeof ZLocation>;

export const IMPORT_JOB_STATUSES = ['running', 'done'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

/** The background geocoding of an upload: progress for the page's bar. */
export const ZLocationImportJob = z.object({
  id: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  total: z.number().int(),
  processed: z.number().int(),
  found: z.number().int(),
  /** Rows the provider answered "no such address" for (only those). */
  not_found: z.number().int(),
  /** Rows given up after the provider failed at every attempt (GEOCODER_RETRY_LIMIT). */
  geocoder_failed: z.number().int(),
  /** Rows not yet processed that wait for another attempt because the provider failed. */
  retrying: z.number().int(),
  /** When the next of those is tried again (ISO 8601), or null. */
  next_retry_at: z.string().nullable(),
});
export type TLocationImportJob = z.infer<typeof ZLocationImportJob>;

export const ZLocationListResponse = z.object({
  rows: z.array(ZLocation),
  /** The running CSV import, if any, so the page can show its progress after a reload. */
  import_job: ZLocationImportJob.nullable(),
});
export type TLocationListResponse = z.infer<typeof ZLocationListResponse>;

export const ZLocationParams = z.object({
  id: ZUuid,
  locId: ZUuid,
});

export const ZLocationResponse = z.object({ location: ZLocation });
export type TLocationResponse = z.infer<typeof ZLocationResponse>;

export const ZImportJobParams = z.object({
  id: ZUuid,
  jobId: ZUuid,
});

/** One refused line of an upload: the file's line number, the column and the message key. */
export const ZUploadLineError = z.object({
  line: z.number().int(),
  field: z.string(),
  message: z.enum(LOCATION_UPLOAD_MESSAGES),
  /** With too_many_rows: the most rows a file may hold. */
  limit: z.number().int().optional(),
});
export type TUploadLineError = z.infer<typeof ZUploadLineError>;

/** Answer of a refused upload (400): nothing was imported. */
export const ZLocationUploadRefused = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  errors: z.array(ZUploadLineError),
});
export type TLocationUploadRefused = z.infer<typeof ZLocationUploadRefused>;

export const ZLocationUploadResponse = z.object({ job: ZLocationImportJob });
export type TLocationUploadResponse = z.infer<typeof ZLocationUploadResponse>;
