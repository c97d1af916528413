import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date-time';

describe('date formats of docs/product.md#limits', () => {
  it('formats dd.MM.yyyy and dd.MM.yyyy HH:mm in the given time zone', () => {
    const instant = '2025-03-05T06:09:00.000Z';
    expect(formatDate(instant, 'Europe/Berlin')).toBe('05.03.2025');
    expect(formatDateTime(instant, 'Europe/Berlin')).toBe('05.03.2025 07:09');
    expect(formatDateTime(instant, 'UTC')).toBe('05.03.2025 06:09');
    // Summer time, and a date that is another day in another zone.
    expect(formatDateTime('2025-07-31T22:30:00.000Z', 'Europe/Berlin')).toBe('01.08.2025 00:30');
    expect(formatDate('2025-07-31T22:30:00.000Z', 'America/New_York')).toBe('31.07.2025');
    expect(formatDateTime('2025-12-31T22:59:00.000Z', 'Europe/Berlin')).toBe('31.12.2025 23:59');
  });

  it('gives an empty text for missing or invalid dates', () => {
    expect(formatDate(null, 'UTC')).toBe('');
    expect(formatDateTime(undefined, 'UTC')).toBe('');
    expect(formatDateTime('not a date', 'UTC')).toBe('');
  });
});
