/** Local days of instants: across midnight, a daylight-saving change and a quarter-hour time zone. */
import { describe, expect, it } from 'vitest';
import { localDay } from '../src/calendar.js';

describe('localDay', () => {
  it('changes the day at local midnight, also within one quarter hour of it', () => {
    // 23:59:59 and 00:00:00 in Berlin (UTC+1 in winter), asked in both orders.
    expect(localDay(new Date('2026-01-14T23:00:00Z'), 'Europe/Berlin')).toBe('2026-01-15');
    expect(localDay(new Date('2026-01-14T22:59:59Z'), 'Europe/Berlin')).toBe('2026-01-14');
    expect(localDay(new Date('2026-01-14T23:00:00Z'), 'Europe/Berlin')).toBe('2026-01-15');
  });

  it('follows a daylight-saving change', () => {
    // Berlin moves to UTC+2 on 29 March 2026: midnight of the 30th is 22:00 UTC.
    expect(localDay(new Date('2026-03-29T21:59:59Z'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(localDay(new Date('2026-03-29T22:00:00Z'), 'Europe/Berlin')).toBe('2026-03-30');
  });

  it('keeps time zones with quarter-hour offsets apart', () => {
    // Kathmandu is UTC+5:45: its midnight is 18:15 UTC, the same instant is still the 14th in Berlin.
    const instant = new Date('2026-01-14T18:15:00Z');
    expect(localDay(instant, 'Asia/Kathmandu')).toBe('2026-01-15');
    expect(localDay(new Date('2026-01-14T18:14:59Z'), 'Asia/Kathmandu')).toBe('2026-01-14');
    expect(localDay(instant, 'Europe/Berlin')).toBe('2026-01-14');
  });

  it('reads instants before 1972 without the quarter-hour shortcut', () => {
    // Monrovia was UTC-0:44:30 then: 00:30 UTC on 1 January 1960 was still 31 December there.
    expect(localDay(new Date('1960-01-01T00:30:00Z'), 'Africa/Monrovia')).toBe('1959-12-31');
    expect(localDay(new Date('1960-01-01T00:45:00Z'), 'Africa/Monrovia')).toBe('1960-01-01');
  });
});
