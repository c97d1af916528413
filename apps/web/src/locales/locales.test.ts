/** The catalogues must have the same keys and the same placeholders (de.json is the source). */
import { describe, expect, it } from 'vitest';
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
    expect(deEntries.get('shell.merchantInvalid')).toBe('Händler ist ungültig');
  });
});
