/**
 * Texts of the merchant feature's server answers: its own message keys
 * ('Weitere Accounts hinzufügen nicht möglich!', 'Kein Upload-File gefunden!', …)
 * in the spec's alert format, everything else as the shared client says it.
 */
import { MERCHANT_ERROR_KEYS, type MerchantErrorKey } from '@backoffice/domain';
import type { TFunction } from 'i18next';
import { ApiError, requestErrorText } from '../../shared/api/api-error';
import { notifyError } from '../../shared/ui/notify';

const isMerchantErrorKey = (value: string | undefined): value is MerchantErrorKey =>
  value !== undefined && (MERCHANT_ERROR_KEYS as readonly string[]).includes(value);

/** The translated text of a server message key of this feature, if it is one. */
export function merchantMessage(t: TFunction, key: string | undefined): string | undefined {
  if (isMerchantErrorKey(key)) return t(`merchants.serverErrors.${key}`);
  if (key && key in validationKeys) return t(`merchants.validation.${key as ValidationKey}`);
  return undefined;
}

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

/** The field error text for a message key of the domain's rules. */
export function validationText(t: TFunction, key: string | undefined): string | undefined {
  if (!key) return undefined;
  if (key in validationKeys) return t(`merchants.validation.${key as ValidationKey}`);
  return t('merchants.validation.invalid_value');
}

export function merchantErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http') {
    const own = merchantMessage(t, error.serverMessage);
    if (own) return t('errors.http', { status: error.status ?? 0, message: own });
  }
  return requestErrorText(t, error);
}

export function notifyMerchantError(t: TFunction, error: unknown): void {
  if (error instanceof ApiError && error.kind === 'cancelled') return;
  notifyError(merchantErrorText(t, error));
}
