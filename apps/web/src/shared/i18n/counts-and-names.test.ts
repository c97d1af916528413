/**
 * A count reads in its singular or plural in both
 * languages ("1 Leerzeile", "1 participant"), and a name ending in a full
 * stop takes no second one (the catalogue's `fullStop` formatter).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n, loadTexts } from './i18n';

beforeAll(async () => {
  await initI18n('de-DE', ['de-DE', 'en-GB']);
  await Promise.all([loadTexts('accessCodeSets'), loadTexts('campaigns'), loadTexts('dashboard')]);
});

type CountedKey =
  | 'accessCodeSets.codes.blankLines'
  | 'accessCodeSets.codes.addedCodes'
  | 'accessCodeSets.codes.duplicates'
  | 'campaigns.draw.participants';
const counted = (key: CountedKey, count: number): string =>
  i18n.t(key, { count, formatted: String(count) });

describe('counts', () => {
  it('are singular for one and plural otherwise, in German and English', async () => {
    await changeLanguage('de');
    expect(counted('accessCodeSets.codes.blankLines', 1)).toBe('1 Leerzeile');
    expect(counted('accessCodeSets.codes.blankLines', 0)).toBe('0 Leerzeilen');
    expect(counted('accessCodeSets.codes.addedCodes', 1)).toBe('1 Code hinzugefügt');
    expect(i18n.t('campaigns.wizard.codes.invalidLines', { count: 1, lines: '4' })).toBe(
      'Ungültiger Code in Zeile 4. Es wurde nichts gespeichert.',
    );
    expect(i18n.t('campaigns.wizard.codes.invalidLines', { count: 2, lines: '4, 7' })).toBe(
      'Ungültige Codes in den Zeilen 4, 7. Es wurde nichts gespeichert.',
    );
    await changeLanguage('en');
    expect(counted('accessCodeSets.codes.duplicates', 1)).toBe('1 duplicate');
    expect(counted('accessCodeSets.codes.duplicates', 2)).toBe('2 duplicates');
    expect(counted('campaigns.draw.participants', 1)).toBe('1 participant');
  });
});

describe('a name before a full stop', () => {
  it('ends the sentence once, also when it ends in a full stop itself', async () => {
    for (const language of ['de', 'en'] as const) {
      await changeLanguage(language);
      expect(i18n.t('dashboard.actingFor', { name: 'Sportwelt Berger e.K.' })).toMatch(
        / Sportwelt Berger e\.K\.$/,
      );
      expect(i18n.t('dashboard.actingFor', { name: 'Modehaus Adler GmbH' })).toMatch(
        / Modehaus Adler GmbH\.$/,
      );
    }
  });
});
