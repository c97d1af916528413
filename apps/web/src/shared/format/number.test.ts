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
    expect(amountSeparators('de-DE')).toEqual({ decimal: ',', group: '.', typedDecimals: [','] });
    expect(amountSeparators('en-GB')).toEqual({ decimal: '.', group: ',', typedDecimals: ['.'] });
    expect(currencySymbol('EUR', 'de-DE')).toBe('€');
    expect(currencySymbol('CHF', 'de-CH')).toBe('CHF');
  });

  it('reads the thousands separator of locales that group only longer numbers', () => {
    // it-CH writes 1234.50 but 12'345.50: the group is not the decimal point.
    const swissItalian = amountSeparators('it-CH');
    expect(swissItalian.decimal).toBe('.');
    expect(swissItalian.group).not.toBe('.');
    expect(amountSeparators('pl-PL').group).toBe('\u00a0');
  });

  it('reads a typed "." or "," as the decimal separator only where it does not group thousands', () => {
    const swiss = amountSeparators('de-CH');
    expect(swiss.decimal).toBe('.');
    expect(swiss.typedDecimals).toEqual(['.', ',']);
    expect(amountSeparators('fr-FR').typedDecimals).toEqual([',', '.']);
  });
});
