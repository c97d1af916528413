/**
 * A merchant's error arrives as the spec's German text; the web shows it in
 * the user's language (the red bell, the merchant list, the profile).
 */
import { MERCHANT_ERROR_NO_CONTACT } from '@backoffice/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from '../../i18n/i18n';
import { merchantErrorText } from './merchant-error-text';

beforeAll(async () => {
  await initI18n('de-DE', ['de-DE', 'en-GB']);
});

describe('a merchant error', () => {
  it('reads as the spec words it in German and in English in the English screens', async () => {
    await changeLanguage('de');
    expect(merchantErrorText(i18n.t, MERCHANT_ERROR_NO_CONTACT)).toBe(
      'Kein Ansprechpartner definiert!',
    );
    await changeLanguage('en');
    expect(merchantErrorText(i18n.t, MERCHANT_ERROR_NO_CONTACT)).toBe('No contact person defined!');
  });

  it('is shown as sent when the web does not know it', async () => {
    await changeLanguage('en');
    expect(merchantErrorText(i18n.t, 'Ein neuer Grund')).toBe('Ein neuer Grund');
  });
});
