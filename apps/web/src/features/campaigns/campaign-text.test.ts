import { describe, expect, it } from 'vitest';
import { creatableTypes, localisedText } from './campaign-text';

describe('campaign texts', () => {
  it('falls back from the user language to German', () => {
    expect(localisedText({ de: 'Herbst', en: 'Autumn' }, 'en')).toBe('Autumn');
    expect(localisedText({ de: 'Herbst' }, 'en-GB')).toBe('Herbst');
    expect(localisedText({ fr: 'Automne' }, 'en')).toBe('Automne');
    expect(localisedText({}, 'de')).toBe('');
  });

  it('offers tips to admins and agencies only', () => {
    expect(creatableTypes({ level: 'other' }).some((type) => type.startsWith('tip/'))).toBe(false);
    expect(creatableTypes({ level: 'agency' })).toContain('tip/standard');
    expect(creatableTypes({ level: 'admin' })).toHaveLength(10);
  });
});
