/** Dates in the product's formats, in the time zone they are given (mails and screens alike). */
import { describe, expect, it } from 'vitest';
import { dayIn, formatDateIn, formatDateTimeIn } from './date-format.js';

describe('the date formats', () => {
  it('writes dd.MM.yyyy HH:mm on a 24-hour clock in the time zone it is given', () => {
    const instant = new Date('2026-01-14T23:05:00Z');
    expect(formatDateTimeIn(instant, 'Europe/Berlin')).toBe('15.01.2026 00:05');
    expect(formatDateTimeIn(instant, 'America/New_York')).toBe('14.01.2026 18:05');
    expect(formatDateTimeIn(new Date('2026-07-01T13:45:00Z'), 'Europe/Berlin')).toBe(
      '01.07.2026 15:45',
    );
    // Kathmandu's quarter-hour offset (UTC+5:45).
    expect(formatDateTimeIn(instant, 'Asia/Kathmandu')).toBe('15.01.2026 04:50');
  });

  it('writes the day as dd.MM.yyyy and as yyyy-mm-dd', () => {
    const instant = new Date('2026-01-14T23:05:00Z');
    expect(formatDateIn(instant, 'Europe/Berlin')).toBe('15.01.2026');
    expect(dayIn(instant, 'Europe/Berlin')).toBe('2026-01-15');
    expect(dayIn(instant, 'America/New_York')).toBe('2026-01-14');
  });
});
