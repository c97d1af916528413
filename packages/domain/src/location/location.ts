/**
 * Locations of a merchant (docs/product.md#locations, docs/product.md#validation): fields, the offered
 * countries, validation, the geocoding states and the CSV layout of the upload.
 */
import { z } from 'zod';
import { ZSaveVersion } from '../api/common.js';

export const LOCATION_COUNTRIES = [
  'DE',
  'CH',
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
export type LocationCountry = (typeof LOCATION_COUNTRIES)[number];

export const LOCATION_TYPES = ['store', 'headquarters', 'office', 'warehouse', 'other'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/**
 * found: coordinates known; pending: waiting for the background geocoder
 * (also after a failed attempt, until its retry); not_found: the geocoder
 * answered that it knows no such address and nobody confirmed the address
 * yet; confirmed: not found, but the user chose to use it anyway ('Trotzdem
 * verwenden'); geocoder_failed: the geocoding service could not answer at any
 * attempt of the background import (timeouts, errors, quota): the address is
 * unchecked, not unknown, and a save of the location tries again.
 */
export const GEOCODE_STATUSES = [
  'found',
  'pending',
  'not_found',
  'confirmed',
  'geocoder_failed',
] as const;
export type GeocodeStatus = (typeof GEOCODE_STATUSES)[number];

export const LOCATION_VALIDATION_KEYS = [
  'required',
  'too_long',
  'invalid_value',
  'invalid_zip',
] as const;
export type LocationValidationKey = (typeof LOCATION_VALIDATION_KEYS)[number];
export const isLocationValidationKey = (value: string): value is LocationValidationKey =>
  (LOCATION_VALIDATION_KEYS as readonly string[]).includes(value);

/** Why a CSV upload refused a line besides a field's validation key (docs/product.md#api-calls multiple-locations). */
export const LOCATION_UPLOAD_LINE_KEYS = [
  'broken_line',
  'wrong_column_count',
  'missing_column',
  'duplicate_column',
  'too_many_rows',
  'not_a_text_file',
] as const;
export type LocationUploadLineKey = (typeof LOCATION_UPLOAD_LINE_KEYS)[number];

/**
 * Every message a refused line of a location upload can carry: the upload's
 * own keys and the validation keys of a location's fields. The contract
 * (`ZUploadLineError`) allows no other, and the web has a text for each.
 */
export const LOCATION_UPLOAD_MESSAGES = [
  ...LOCATION_UPLOAD_LINE_KEYS,
  ...LOCATION_VALIDATION_KEYS,
] as const;
export type LocationUploadMessage = (typeof LOCATION_UPLOAD_MESSAGES)[number];

const text = (max: number) => z.string().trim().max(max, 'too_long').default('');
const required = (max: number) =>
  z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'too_long');
/** CSV and forms write yes/no in many ways. */
const flag = z.boolean().default(false);

/** A German postcode (Postleitzahl): five digits, nothing else. */
export const GERMAN_ZIP_PATTERN = /^\d{5}$/;

/**
 * Whether a postcode fits the country: in Germany five digits ("80331"); the
 * other countries' postcodes are kept as entered.
 */
export const isZipOfCountry = (zip: string, country: string): boolean =>
  country !== 'DE' || GERMAN_ZIP_PATTERN.test(zip.trim());

const ZLocationFields = z.object({
  name: required(200),
  type: z.enum(LOCATION_TYPES, { error: 'invalid_value' }).default('store'),
  street: required(200),
  streetnumber: text(20),
  entrance: text(20),
  top: text(20),
  floor: text(20),
  co_line: text(200),
  zip: required(12),
  city: required(100),
  country: text(100)
    .refine((value) => value !== '', 'required')
    .pipe(z.enum(LOCATION_COUNTRIES, { error: 'invalid_value' })),
  opening_hours: text(2000),
  is_billing_address: flag,
  is_mail_address: flag,
  is_redemption: flag,
});

/**
 * A location as the form and the CSV upload send it. The postcode's rule
 * needs the country, so it checks the whole (and runs also when another field
 * is wrong, so that every mistake of a line is named at once).
 */
function checkZip(location: { zip: string; country: string }, context: z.RefinementCtx): void {
  if (location.zip !== '' && !isZipOfCountry(location.zip, location.country)) {
    context.addIssue({ code: 'custom', path: ['zip'], message: 'invalid_zip' });
  }
}

export const ZLocationInput = ZLocationFields.superRefine(checkZip);
export type TLocationInput = z.input<typeof ZLocationInput>;
export type TLocationFields = z.output<typeof ZLocationInput>;

/** The body of a save: the location, and whether to keep it although it was not found. */
export const ZLocationSaveBody = ZLocationFields.extend({
  use_anyway: z.boolean().default(false),
  ...ZSaveVersion.shape,
}).superRefine(checkZip);
export type TLocationSaveBody = z.input<typeof ZLocationSaveBody>;

/** One line of the address, as it is shown and sent to the geocoder. */
export function formatAddress(location: {
  street: string;
  streetnumber: string;
  zip: string;
  city: string;
  country: string;
}): string {
  const street = [location.street, location.streetnumber].filter(Boolean).join(' ');
  const city = [location.zip, location.city].filter(Boolean).join(' ');
  return [street, city, location.country].filter(Boolean).join(', ');
}

/** The columns of the CSV upload, in the order of the template (docs/product.md#api-calls multiple-locations). */
export const LOCATION_CSV_COLUMNS = [
  'name',
  'type',
  'street',
  'streetnumber',
  'entrance',
  'top',
  'floor',
  'co_line',
  'zip',
  'city',
  'country',
  'opening_hours',
  'is_billing_address',
  'is_mail_address',
  'is_redemption',
] as const;
export type LocationCsvColumn = (typeof LOCATION_CSV_COLUMNS)[number];
export const LOCATION_CSV_REQUIRED_COLUMNS: readonly LocationCsvColumn[] = [
  'name',
  'street',
  'zip',
  'city',
  'country',
];

const TRUE_WORDS = ['1', 'x', 'ja', 'j', 'yes', 'y', 'true', 'wahr'];
const FALSE_WORDS = ['', '0', 'nein', 'n', 'no', 'false', 'falsch'];

/** Reads a yes/no cell; undefined when it is neither. */
export function parseCsvFlag(value: string): boolean | undefined {
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  return undefined;
}

/** The template offered for download: the header and one example line, separated by semicolons. */
export const LOCATION_CSV_TEMPLATE =
  `${LOCATION_CSV_COLUMNS.join(';')}\n` +
  'Filiale Marktplatz;store;Marktplatz;1;;;;;80331;München;DE;Mo-Fr 8-18 Uhr;nein;nein;ja\n';
