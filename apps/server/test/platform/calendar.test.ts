/**
 * Local days of instants (across midnight, a daylight-saving change and a
 * quarter-hour time zone), and the participation chart's buckets.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TIMERANGES } from '@backoffice/domain';
import { chartBuckets, lastMonthsStart, localDay } from '../../src/platform/calendar.js';
import { queryRows } from '../../src/platform/db/client.js';
import { openTestDatabase, type TestDatabase } from '../helpers.js';

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

describe('chartBuckets', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  it('starts weeks on Monday, also across a year and a daylight-saving change', () => {
    // Sunday 29 March 2026 (Berlin moves to summer time) lies in the week of Monday 23 March.
    expect(chartBuckets('week', '2026-03-29', 2)).toEqual({
      labels: ['2026-03-23', '2026-03-30'],
      until: '2026-04-06',
    });
    // Friday 1 January 2021 lies in the ISO week that began on 28 December 2020.
    expect(chartBuckets('week', '2021-01-01', 1)).toEqual({
      labels: ['2020-12-28'],
      until: '2021-01-04',
    });
  });

  it('counts months and years from their first day', () => {
    expect(chartBuckets('month', '2024-02-29', 3)).toEqual({
      labels: ['2024-02-01', '2024-03-01', '2024-04-01'],
      until: '2024-05-01',
    });
    const lastStart = chartBuckets('year', '9968-12-31', 30);
    expect(lastStart.labels[0]).toBe('9968-01-01');
    expect(lastStart.labels.at(-1)).toBe('9997-01-01');
    expect(lastStart.until).toBe('9998-01-01');
  });

  it('agrees with the database calendar whatever the process time zone', async () => {
    // Starts spread over 1970–9968, each range, counts of 1–30: PostgreSQL's
    // date_trunc and interval arithmetic on timestamps without time zone are the reference.
    const cases = Array.from({ length: 40 }, (_, index) => {
      const day = new Date(
        Date.UTC(1970, 0, 1) + ((index * 7_919_993 + 311) % 2_912_000) * 86_400_000,
      );
      return TIMERANGES.map((range, rangeIndex) => ({
        range,
        start: day.toISOString().slice(0, 10),
        count: 1 + ((index * 13 + rangeIndex * 7) % 30),
      }));
    }).flat();
    const zone = process.env.TZ;
    try {
      for (const { range, start, count } of cases) {
        const first = sql`date_trunc(${range}, ${start}::timestamp)`;
        const step = sql.raw(`interval '1 ${range}'`);
        const rows = await queryRows<{ day: string }>(
          db.db,
          sql`select to_char(gs, 'YYYY-MM-DD') as day from generate_series(${first}, ${first} + ${count} * ${step}, ${step}) gs`,
        );
        const days = rows.map((row) => row.day);
        const expected = { labels: days.slice(0, -1), until: days.at(-1) };
        for (const timeZone of ['UTC', 'Europe/Berlin', 'Pacific/Kiritimati', 'America/St_Johns']) {
          process.env.TZ = timeZone;
          // A fresh copy of the module per time zone: its kept answers would
          // otherwise answer for every zone after the first.
          vi.resetModules();
          const calendar = await import('../../src/platform/calendar.js');
          expect(
            calendar.chartBuckets(range, start, count),
            `${range} ${start} ${count} in ${timeZone}`,
          ).toEqual(expected);
        }
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('answers the same again after a caller changed the labels it was given', () => {
    const first = chartBuckets('month', '2025-11-15', 2);
    first.labels.push('2099-01-01');
    first.labels[0] = 'changed';
    expect(chartBuckets('month', '2025-11-15', 2)).toEqual({
      labels: ['2025-11-01', '2025-12-01'],
      until: '2026-01-01',
    });
  });

  it('starts the last months of a dashboard on the first day of a month', () => {
    expect(lastMonthsStart('2026-11-29', 12)).toBe('2025-12-01');
    expect(lastMonthsStart('2026-11-29', 12)).toBe('2025-12-01');
    expect(lastMonthsStart('2026-01-31', 2)).toBe('2025-12-01');
  });
});
