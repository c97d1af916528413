import { describe, expect, it } from 'vitest';
import { amountSeparators, currencySymbol, formatAmount, formatCents, formatCount } from './number';

// Intl separates number and currency with a no-break space.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('German number formats', () => {
  it('groups thousands with dots', () => {
    expect(formatCount(1234567, 'de-DE')).toBe('1.234.567');
    expect(formatCount(0, 'de-DE')).toBe('0');
  });

  it('shows cents in the configured currency', () => {
    expect(plain(formatCents(123456, 'EUR', 'de-DE'))).toBe('1.234,56 €');
    expect(plain(formatCents(5000, 'CHF', 'de-DE'))).toBe('50,00 CHF');
    expect(plain(formatAmount(12.5, 'EUR', 'de-DE'))).toBe('12,50 €');
  });

  it('follows the configured locale, and gives the money input its separators and symbol', () => {
    expect(formatCount(1234567, 'en-GB')).toBe('1,234,567');
    expect(amountSeparators('de-DE')).toEqual({ decimal: ',', group: '.' });
    expect(amountSeparators('en-GB')).toEqual({ decimal: '.', group: ',' });
    expect(currencySymbol('EUR', 'de-DE')).toBe('€');
    expect(currencySymbol('CHF', 'de-CH')).toBe('CHF');
  });
});
