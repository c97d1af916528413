import { describe, expect, it } from 'vitest';
import { dayAloneTime, fromWallClock, isInstant, parseTyped, toWallClock } from './zoned-date';

describe('date-time field conversions', () => {
  it('shows an instant as the wall-clock time of the configured zone, summer and winter', () => {
    expect(toWallClock('2030-01-15T09:30:00.000Z', 'Europe/Berlin')).toBe('2030-01-15 10:30:00');
    expect(toWallClock('2030-07-15T09:30:00.000Z', 'Europe/Berlin')).toBe('2030-07-15 11:30:00');
    expect(toWallClock('2030-07-15T09:30:00.000Z', 'UTC')).toBe('2030-07-15 09:30:00');
    expect(toWallClock(null, 'UTC')).toBeNull();
  });

  it('saves a wall-clock time of the zone as its UTC instant', () => {
    expect(fromWallClock('2030-01-15 10:30:00', 'Europe/Berlin')).toBe('2030-01-15T09:30:00.000Z');
    expect(fromWallClock('2030-07-15 11:30:00', 'Europe/Berlin')).toBe('2030-07-15T09:30:00.000Z');
    expect(fromWallClock(null, 'Europe/Berlin')).toBeNull();
  });

  it('reads typed dates as dd.MM.yyyy HH:mm or a day alone, and nothing else', () => {
    expect(parseTyped('05.03.2030 07:09')).toBe('2030-03-05 07:09:00');
    expect(parseTyped(' 5.3.2030 7:09 ')).toBe('2030-03-05 07:09:00');
    expect(parseTyped('05.03.2030')).toBe('2030-03-05 00:00:00');
    // For the end of something, a day alone is its last minute.
    expect(parseTyped('05.03.2030', dayAloneTime(true))).toBe('2030-03-05 23:59:00');
    expect(parseTyped('05.03.2030 07:09', dayAloneTime(true))).toBe('2030-03-05 07:09:00');
    expect(parseTyped('31.02.2030 10:00')).toBeNull();
    expect(parseTyped('2030-03-05')).toBeNull();
    expect(parseTyped('morgen')).toBeNull();
  });

  it('tells a stored instant from a typed text', () => {
    expect(isInstant('2030-03-05T06:09:00.000Z')).toBe(true);
    expect(isInstant('2030-03-05T07:09:00+01:00')).toBe(true);
    expect(isInstant('31.06.2026 10:00')).toBe(false);
    expect(isInstant('2026')).toBe(false);
    expect(isInstant('')).toBe(false);
  });
});
