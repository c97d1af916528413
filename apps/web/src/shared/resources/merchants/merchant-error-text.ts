/**
 * A merchant's error as the answers list it: the domain's text in the
 * spec's German words (spec §5, §8), shown in the user's language; an error
 * the web does not know is shown as sent.
 */
import { MERCHANT_ERROR_NO_CONTACT } from '@backoffice/domain';
import type { TFunction } from 'i18next';

export function merchantErrorText(t: TFunction, error: string): string {
  return error === MERCHANT_ERROR_NO_CONTACT ? t('shell.merchantNoContact') : error;
}
