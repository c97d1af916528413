/**
 * Message texts that state a limit take it from the domain (the one the
 * server applies), formatted in the user's language. Here the domain's
 * limits are other numbers than the ones the texts were written with, so a
 * number typed into the catalogue shows. (api-error.test.ts reads the texts
 * with the real limits.)
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n, initI18n, loadTexts } from '../i18n/i18n';
import { translateServerMessage } from './error-text';

vi.mock('@backoffice/domain', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@backoffice/domain')>()),
  ACCESS_CODE_IMPORT_MAX_LINES: 150_000,
  CODE_MAX_LENGTH: 48,
}));

beforeAll(async () => {
  await initI18n('de-DE', ['de-DE', 'en-GB']);
  await loadTexts('messages');
});

describe('limits in message texts', () => {
  it("state the domain's limits in German, in the same words", async () => {
    await changeLanguage('de');
    expect(translateServerMessage(i18n.t, 'too_many_codes', 'codes')).toBe(
      'Zu viele Zeilen auf einmal: bitte teilen Sie die Liste auf (höchstens 150.000 Zeilen).',
    );
    expect(translateServerMessage(i18n.t, 'invalid_code', 'upload')).toBe(
      'Ungültiger Code: Ein Code hat höchstens 48 Zeichen und keine Leerzeichen.',
    );
  });

  it('format them for the language', async () => {
    await changeLanguage('en');
    expect(translateServerMessage(i18n.t, 'too_many_codes', 'codes')).toBe(
      'Too many lines at once: please split the list (at most 150,000 lines).',
    );
    expect(translateServerMessage(i18n.t, 'invalid_code', 'upload')).toBe(
      'Invalid code: a code has at most 48 characters and no spaces.',
    );
  });

  it('leave no placeholder unfilled in any message text', async () => {
    for (const language of ['de', 'en'] as const) {
      await changeLanguage(language);
      const messages = i18n.getResource(language, 'translation', 'errors.server') as Record<
        string,
        string
      >;
      const unfilled = Object.keys(messages)
        .map((key) => translateServerMessage(i18n.t, key, 'name'))
        .filter((text) => text.includes('{{'));
      expect(unfilled).toEqual([]);
    }
  });
});
