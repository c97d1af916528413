/**
 * Texts of the merchant feature's answers: the field texts of the domain's
 * validation keys ('Kontakt-Typ muss angegeben werden', …), the messages of a
 * refused CSV line, and alerts in the spec's 'HTTP {status}: {message}'
 * format (the shared catalogue of server message keys).
 */
import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api/api-error';
import { requestErrorText } from '../../shared/api/error-text';
import { notifyError } from '../../shared/ui/notify';

const validationKeys = {
  required: true,
  contact_type_missing: true,
  contact_value_missing: true,
  invalid_url: true,
  invalid_email: true,
  invalid_phone: true,
  invalid_vatin: true,
  too_long: true,
  invalid_value: true,
  email_required: true,
} as const;
type ValidationKey = keyof typeof validationKeys;
const isValidationKey = (key: string): key is ValidationKey => key in validationKeys;

const uploadMessages = {
  broken_line: true,
  wrong_column_count: true,
  missing_column: true,
  too_many_rows: true,
} as const;
type UploadMessage = keyof typeof uploadMessages;
const isUploadMessage = (key: string): key is UploadMessage => key in uploadMessages;

/** The field error text for a message key of the domain's rules. */
export function validationText(t: TFunction, key: string | undefined): string | undefined {
  if (!key) return undefined;
  if (isValidationKey(key)) return t(`merchants.validation.${key}`);
  return t('merchants.validation.invalid_value');
}

/** The message of one refused line of a location upload. */
export function lineMessage(t: TFunction, key: string): string {
  if (isUploadMessage(key)) return t(`merchants.upload.messages.${key}`);
  return validationText(t, key) ?? '';
}

export function notifyMerchantError(t: TFunction, error: unknown): void {
  if (error instanceof ApiError && error.kind === 'cancelled') return;
  notifyError(requestErrorText(t, error));
}
