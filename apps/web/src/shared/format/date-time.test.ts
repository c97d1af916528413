import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date-time';

describe('date formats of spec §9', () => {
  it('formats dd.MM.yyyy and dd.MM.yyyy HH:mm', () => {
    const date = new Date(2025, 2, 5, 7, 9);
    expect(formatDate(date)).toBe('05.03.2025');
    expect(formatDateTime(date)).toBe('05.03.2025 07:09');
    expect(formatDateTime(new Date(2025, 11, 31, 23, 59))).toBe('31.12.2025 23:59');
    expect(formatDateTime(new Date(2025, 0, 1, 0, 0))).toBe('01.01.2025 00:00');
  });

  it('gives an empty text for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
