/**
 * Texts of the merchant feature's answers: the field texts of the domain's
 * validation keys ('Kontakt-Typ muss angegeben werden', …), the messages of a
 * refused CSV line, and alerts of the answers the pages word themselves (the
 * shared catalogue of server message keys, the spec's 'HTTP {status}:
 * {message}' below it).
 */
import {
  LOCATION_UPLOAD_LINE_KEYS,
  type LocationUploadLineKey,
  type LocationUploadMessage,
} from '@backoffice/domain';
import type { TFunction } from 'i18next';
import { notifyRequestError } from '../../shared/api/error-text';
import { isUnreported } from './api/handled-statuses';

const validationKeys = {
  required: true,
  contact_type_missing: true,
  contact_value_missing: true,
  invalid_url: true,
  invalid_email: true,
  invalid_phone: true,
  invalid_vatin: true,
  invalid_zip: true,
  too_long: true,
  invalid_value: true,
  email_required: true,
  duplicate_value: true,
} as const;
type ValidationKey = keyof typeof validationKeys;
const isValidationKey = (key: string): key is ValidationKey => key in validationKeys;

const uploadLineKeys: ReadonlySet<string> = new Set(LOCATION_UPLOAD_LINE_KEYS);
const isUploadLineKey = (key: string): key is LocationUploadLineKey => uploadLineKeys.has(key);

/** The field error text for a message key of the domain's rules. */
export function validationText(t: TFunction, key: string | undefined): string | undefined {
  if (!key) return undefined;
  if (isValidationKey(key)) return t(`merchants.validation.${key}`);
  return t('merchants.validation.invalid_value');
}

/**
 * The message of one refused line of a location upload: each key the server
 * may send (the domain's LOCATION_UPLOAD_MESSAGES) has its own text.
 */
export function lineMessage(
  t: TFunction,
  key: LocationUploadMessage,
  values: { limit?: number | undefined } = {},
): string {
  if (isUploadLineKey(key)) return t(`merchants.upload.messages.${key}`, values);
  return validationText(t, key) ?? '';
}

/**
 * The alert of a failed merchant request, unless the shared client has shown
 * it already (every status but the handled ones, and no answer at all).
 */
export function notifyMerchantError(t: TFunction, error: unknown): void {
  if (!isUnreported(error)) return;
  notifyRequestError(t, error);
}
