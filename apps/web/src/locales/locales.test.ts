/**
 * The catalogues must have the same keys and the same placeholders (de.json
 * is the source), a text for every message key and a label for every field
 * name the server can send.
 */
import { FIELD_NAMES, MESSAGE_KEYS } from '@backoffice/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldLabel, fieldLabelKey } from '../shared/i18n/field-label';
import { changeLanguage, i18n, initI18n, loadTexts } from '../shared/i18n/i18n';
import de from './de.json';
import en from './en.json';

type Catalogue = { [key: string]: string | Catalogue };

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();

const deEntries = flatten(de);
const enEntries = flatten(en);

describe('locales', () => {
  it('en.json has every key of de.json', () => {
    const missing = [...deEntries.keys()].filter((key) => !enEntries.has(key));
    expect(missing).toEqual([]);
  });

  it('en.json has no key that de.json lacks', () => {
    const extra = [...enEntries.keys()].filter((key) => !deEntries.has(key));
    expect(extra).toEqual([]);
  });

  it('has no empty text', () => {
    const empty = [...deEntries, ...enEntries].filter(([, text]) => text.trim() === '');
    expect(empty).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const mismatched = [...deEntries]
      .filter(([key, text]) => {
        const other = enEntries.get(key);
        return other !== undefined && placeholders(text).join() !== placeholders(other).join();
      })
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it('keeps the texts the spec quotes', () => {
    for (const entries of [deEntries, enEntries]) {
      expect(entries.get('errors.http')).toBe('HTTP {{status}}: {{message}}');
      expect(entries.get('errors.noResponse')).toBe('Could not send request');
      expect(entries.get('errors.unknown')).toBe('Unknown axios error: {{message}}');
    }
    expect(deEntries.get('errors.server.required_field_missing')).toBe('Bitte angeben: {{field}}');
    expect(deEntries.get('errors.server.invalid_value')).toBe('Ungültiger Wert: {{field}}');
    expect(deEntries.get('errors.server.duplicate_value')).toBe('Leider schon vergeben: {{field}}');
    expect(deEntries.get('errors.server.bad_input')).toBe('Eingabefehler!');
    expect(deEntries.get('errors.server.invalid_image_format')).toBe('Ungültiges Bild-Format...');
    expect(deEntries.get('errors.server.no_image')).toBe('Kein Bild ausgewählt.');
    expect(deEntries.get('shell.merchantInvalid')).toBe('Händler ist ungültig');
    expect(deEntries.get('accessCodeSets.codes.noneAdded')).toBe(
      'Es wurden keine Codes hinzugefügt!',
    );
  });
});

describe('counted texts', () => {
  const PLURAL = /_(zero|one|two|few|many|other)$/;

  it('use the plural forms of the catalogue', () => {
    for (const entries of [deEntries, enEntries]) {
      const counted = [...entries].filter(([, text]) => /\{\{\s*count\b/.test(text));
      expect(counted.length).toBeGreaterThan(5);
      expect(counted.filter(([key]) => !PLURAL.test(key)).map(([key]) => key)).toEqual([]);
      const lonely = [...entries.keys()].filter(
        (key) => key.endsWith('_one') && !entries.has(key.replace(/_one$/, '_other')),
      );
      expect(lonely).toEqual([]);
    }
  });

  it('say one and many in German', async () => {
    await initI18n('de-DE', ['de-DE']);
    await changeLanguage('de');
    await Promise.all([loadTexts('campaigns'), loadTexts('merchants')]);
    expect(i18n.t('campaigns.list.total', { count: 1 })).toBe('1 Kampagne');
    expect(i18n.t('campaigns.list.total', { count: 1200 })).toBe('1.200 Kampagnen');
    expect(i18n.t('merchants.locations.count', { count: 1 })).toBe('1 Standort');
    expect(i18n.t('merchants.locations.count', { count: 0 })).toBe('0 Standorte');
  });
});

describe('what the server can send', () => {
  beforeAll(async () => {
    await initI18n('de-DE', ['de-DE', 'en-GB']);
    await loadTexts('messages');
  });

  it('has a German and an English text for every message key', () => {
    for (const entries of [deEntries, enEntries]) {
      const missing = MESSAGE_KEYS.filter((key) => !entries.has(`errors.server.${key}`));
      expect(missing).toEqual([]);
    }
  });

  it('has a German and an English label for every field name', () => {
    for (const entries of [deEntries, enEntries]) {
      const missing = FIELD_NAMES.filter(
        (name) => !entries.has(`fieldLabels.${fieldLabelKey(name)}`),
      );
      expect(missing).toEqual([]);
    }
  });

  it('names fields by their labels, with list positions and languages', async () => {
    await changeLanguage('de');
    expect(fieldLabel(i18n.t, 'title.de')).toBe('Titel (Deutsch)');
    expect(fieldLabel(i18n.t, 'description.en')).toBe('Beschreibung (English)');
    expect(fieldLabel(i18n.t, 'prizes.0.count')).toBe('Anzahl (Gewinn 1)');
    expect(fieldLabel(i18n.t, 'required_data.kids.usage')).toBe('Kinder abfragen');
    expect(fieldLabel(i18n.t, 'valid_from')).toBe('Gültig ab');
    // A name the server should not send keeps the label of its known start.
    expect(fieldLabel(i18n.t, 'coupon.unknown')).toBe('Gutschein');
    for (const language of ['de', 'en'] as const) {
      await changeLanguage(language);
      const raw = FIELD_NAMES.filter((name) => {
        const sample = name.replaceAll('#', '0').replaceAll('*', 'de');
        const label = fieldLabel(i18n.t, sample);
        // A raw name: the sample itself, a placeholder left, snake_case or a dotted path.
        return label === sample || label.includes('{{') || /[a-z][._][a-z]/.test(label);
      });
      expect(raw).toEqual([]);
    }
  });
});
