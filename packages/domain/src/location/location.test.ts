import { describe, expect, it } from 'vitest';
import { ZLocationInput, ZLocationSaveBody, isZipOfCountry } from './location.js';

const location = (zip: string, country: string) => ({
  name: 'Filiale',
  street: 'Marktplatz',
  zip,
  city: 'München',
  country,
});
const zipIssues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  (result.error?.issues ?? [])
    .filter((issue) => issue.path.join('.') === 'zip')
    .map((issue) => issue.message);

describe('a German postcode', () => {
  it('has five digits; the other countries keep theirs as entered', () => {
    expect(isZipOfCountry('80331', 'DE')).toBe(true);
    for (const zip of ['8033', '803310', '8033A', '80 331', 'D-80331']) {
      expect(isZipOfCountry(zip, 'DE'), zip).toBe(false);
    }
    expect(isZipOfCountry('1010', 'AT')).toBe(true);
    expect(isZipOfCountry('SW1A 1AA', 'GB')).toBe(true);
  });

  it('is checked by the form’s and the upload’s schema, with the other fields’ errors at once', () => {
    for (const schema of [ZLocationInput, ZLocationSaveBody]) {
      expect(zipIssues(schema.safeParse(location('8033', 'DE')))).toEqual(['invalid_zip']);
      expect(zipIssues(schema.safeParse(location(' 80331 ', 'DE')))).toEqual([]);
      expect(zipIssues(schema.safeParse(location('8033', 'AT')))).toEqual([]);
      const both = schema.safeParse({ ...location('8033', 'DE'), name: '' });
      expect(both.error?.issues.map((issue) => issue.message).sort()).toEqual([
        'invalid_zip',
        'required',
      ]);
      // An empty postcode is only missing.
      expect(zipIssues(schema.safeParse(location('', 'DE')))).toEqual(['required']);
    }
  });
});
