import { afterEach, describe, expect, it } from 'vitest';
import { campaignPhase } from '@backoffice/domain';
import {
  dayAloneTime,
  formatWallClock,
  fromWallClock,
  isInstant,
  parseTyped,
  toWallClock,
} from './zoned-date';

const BERLIN = 'Europe/Berlin';
const machineZone = process.env.TZ;

afterEach(() => {
  // Node reads TZ anew when it is changed: put back the machine's.
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

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
    // For the end of something, a day alone runs through its last minute.
    expect(parseTyped('05.03.2030', dayAloneTime(true))).toBe('2030-03-05 23:59:59');
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

describe('a day typed alone as the end of a runtime', () => {
  it('keeps a campaign "valid until 31.12.2026" running during the last minute of 31 December (23:59:30 Berlin)', () => {
    const from = fromWallClock(parseTyped('01.12.2026'), BERLIN);
    const until = fromWallClock(parseTyped('31.12.2026', dayAloneTime(true)), BERLIN);
    // 31.12.2026 23:59:30 in Berlin (CET, UTC+1): still the day the user named.
    const lastMinute = new Date('2026-12-31T22:59:30.000Z');
    expect(
      campaignPhase('active', new Date(String(from)), new Date(String(until)), lastMinute),
    ).toBe('running');
    expect(formatWallClock(toWallClock(until, BERLIN))).toBe('31.12.2026 23:59');
  });
});

describe('independent of the browser time zone', () => {
  // 8 March 2026, 02:30 is an ordinary time in Berlin, but falls in the hour
  // New York skips that night (its summer time starts at 02:00 local).
  it('shows a Berlin start time of 08.03.2026 02:30 as 02:30 to a browser set to New York', () => {
    process.env.TZ = 'America/New_York';
    expect(toWallClock('2026-03-08T01:30:00.000Z', BERLIN)).toBe('2026-03-08 02:30:00');
    expect(formatWallClock('2026-03-08 02:30:00')).toBe('08.03.2026 02:30');
  });

  it('reads "08.03.2026 02:30" typed in a browser set to New York as that Berlin time', () => {
    process.env.TZ = 'America/New_York';
    expect(parseTyped('08.03.2026 02:30')).toBe('2026-03-08 02:30:00');
    expect(fromWallClock('2026-03-08 02:30:00', BERLIN)).toBe('2026-03-08T01:30:00.000Z');
  });
});
