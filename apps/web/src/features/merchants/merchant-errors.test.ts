/**
 * Every message a refused line of a location upload can carry (the domain's
 * list, which the server's contract allows and no other) has its own text in
 * both languages, never the generic 'Ungültiger Wert' of an unknown key.
 */
import { LOCATION_UPLOAD_LINE_KEYS, LOCATION_UPLOAD_MESSAGES } from '@backoffice/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldLabel } from '../../shared/i18n/field-label';
import { changeLanguage, i18n, initI18n, loadTexts } from '../../shared/i18n/i18n';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import { lineMessage } from './merchant-errors';

const lineKeys: readonly string[] = LOCATION_UPLOAD_LINE_KEYS;

describe('the messages of a refused upload line', () => {
  beforeAll(async () => {
    await initI18n('de-DE', ['de-DE', 'en-GB']);
  });

  it.each([
    ['de', de],
    ['en', en],
  ] as const)('have their own text in %s', async (language, catalogue) => {
    await changeLanguage(language);
    await loadTexts('merchants');
    for (const key of LOCATION_UPLOAD_MESSAGES) {
      const expected = lineKeys.includes(key)
        ? (catalogue.merchants.upload.messages as Record<string, string>)[key]
        : (catalogue.merchants.validation as Record<string, string>)[key];
      expect(expected, key).toBeTruthy();
      // A refusal of too many rows names the limit, in the language's digits.
      const limit = language === 'de' ? '5.000' : '5,000';
      expect(lineMessage(i18n.t, key, { limit: 5000 }), key).toBe(
        expected?.replace('{{limit, number}}', limit),
      );
    }
  });

  it("word a file that is no text (an .xlsx, UTF-16) as such, not as 'Ungültiger Wert'", async () => {
    await changeLanguage('de');
    await loadTexts('merchants');
    expect(lineMessage(i18n.t, 'not_a_text_file')).toBe(
      'keine Textdatei: bitte als „CSV (Trennzeichen-getrennt)“ speichern',
    );
  });

  it('word a column the header names twice with the header line and the column', async () => {
    await changeLanguage('de');
    await loadTexts('merchants');
    const row = (field: string) =>
      i18n.t('merchants.upload.lineError', {
        line: 1,
        field: fieldLabel(i18n.t, field),
        message: lineMessage(i18n.t, 'duplicate_column'),
      });
    expect(row('streetnumber')).toBe('Zeile 1 Nr.: Spalte kommt in der Kopfzeile mehrmals vor');
    expect(row('city')).toBe('Zeile 1 Ort: Spalte kommt in der Kopfzeile mehrmals vor');
  });

  it('name the most rows a file may hold when it has too many', async () => {
    await changeLanguage('de');
    await loadTexts('merchants');
    expect(lineMessage(i18n.t, 'too_many_rows', { limit: 5000 })).toBe(
      'zu viele Zeilen (höchstens 5.000 Standorte je Datei)',
    );
  });
});
