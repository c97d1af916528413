import { describe, expect, it } from 'vitest';
import { localisedText } from './localised-text';

describe('localised texts', () => {
  it('falls back from the user language to German', () => {
    expect(localisedText({ de: 'Herbst', en: 'Autumn' }, 'en')).toBe('Autumn');
    expect(localisedText({ de: 'Herbst' }, 'en-GB')).toBe('Herbst');
    expect(localisedText({ fr: 'Automne' }, 'en')).toBe('Automne');
    expect(localisedText({}, 'de')).toBe('');
  });
});
