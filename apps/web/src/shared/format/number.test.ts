import { describe, expect, it } from 'vitest';
import { formatAmount, formatCents, formatCount } from './number';

// Intl separates number and currency with a no-break space.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('German number formats', () => {
  it('groups thousands with dots', () => {
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatCount(0)).toBe('0');
  });

  it('shows cents in the configured currency', () => {
    expect(plain(formatCents(123456, 'EUR'))).toBe('1.234,56 €');
    expect(plain(formatCents(5000, 'CHF'))).toBe('50,00 CHF');
    expect(plain(formatAmount(12.5, 'EUR'))).toBe('12,50 €');
  });
});
