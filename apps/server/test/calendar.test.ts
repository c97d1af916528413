/**
 * Local days of instants (across midnight, a daylight-saving change and a
 * quarter-hour time zone).
 */
import { describe, expect, it } from 'vitest';
import { localDay } from '../src/calendar.js';

describe('localDay', () => {
  it('changes the day at local midnight, also within one quarter hour of it', () => {
    // Answers are kept per quarter hour: the first instant asked around a
    // midnight must not answer for one on the other side of it. Each night is
    // asked once, so that every answer below is worked out, not kept.
    // Berlin (UTC+1 in winter): the night of the 14th, the later instant first.
    expect(localDay(new Date('2026-01-14T23:00:00.000Z'), 'Europe/Berlin')).toBe('2026-01-15');
    expect(localDay(new Date('2026-01-14T22:59:59.999Z'), 'Europe/Berlin')).toBe('2026-01-14');
    // The night of the 15th, the earlier one first.
    expect(localDay(new Date('2026-01-15T22:59:59.999Z'), 'Europe/Berlin')).toBe('2026-01-15');
    expect(localDay(new Date('2026-01-15T23:00:00.000Z'), 'Europe/Berlin')).toBe('2026-01-16');
    // Ten minutes apart, within one quarter hour: 23:55 and 00:05.
    expect(localDay(new Date('2026-01-16T22:55:00Z'), 'Europe/Berlin')).toBe('2026-01-16');
    expect(localDay(new Date('2026-01-16T23:05:00Z'), 'Europe/Berlin')).toBe('2026-01-17');
    // The last and the first instant of the quarter hours on either side of midnight.
    expect(localDay(new Date('2026-01-17T22:45:00.000Z'), 'Europe/Berlin')).toBe('2026-01-17');
    expect(localDay(new Date('2026-01-17T23:14:59.999Z'), 'Europe/Berlin')).toBe('2026-01-18');
    // Kathmandu (UTC+5:45): its midnight, 18:15 UTC, lies inside a UTC hour and
    // half hour, so answers kept per hour or per half hour would mix its days up.
    expect(localDay(new Date('2026-01-20T18:14:59.999Z'), 'Asia/Kathmandu')).toBe('2026-01-20');
    expect(localDay(new Date('2026-01-20T18:15:00.000Z'), 'Asia/Kathmandu')).toBe('2026-01-21');
    expect(localDay(new Date('2026-01-21T18:29:59.999Z'), 'Asia/Kathmandu')).toBe('2026-01-22');
    expect(localDay(new Date('2026-01-21T18:00:00.000Z'), 'Asia/Kathmandu')).toBe('2026-01-21');
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
