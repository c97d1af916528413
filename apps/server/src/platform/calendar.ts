/**
 * Dates in a time zone, by the platform's time zone data: the calendar day of
 * an instant (yyyy-mm-dd, what statistics count by) and the product's
 * dd.MM.yyyy HH:mm for texts people read (mails); and the buckets of the
 * participation chart, by calendar arithmetic on days.
 */
import dayjs from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek.js';
import utc from 'dayjs/plugin/utc.js';
import type { Timerange } from '@backoffice/domain';

dayjs.extend(utc);
dayjs.extend(isoWeek);

/**
 * The answers of chartBuckets and lastMonthsStart by their arguments: the
 * same few ranges are asked for all day (every dashboard its twelve months,
 * every chart its default), and dayjs's calendar arithmetic was a tenth of
 * a dashboard's CPU and a sixth of a chart's (docs/benchmarks.md). At most
 * KEPT_RANGES are kept; the map starts again when it is full.
 */
const KEPT_RANGES = 1_000;
const buckets = new Map<string, { labels: readonly string[]; until: string }>();
const monthStarts = new Map<string, string>();

function kept<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size >= KEPT_RANGES) cache.clear();
    cache.set(key, value);
  }
  return value;
}

/**
 * The first day of each of `count` buckets from the one `start` (yyyy-mm-dd)
 * lies in (the ISO week from Monday, the month or the year), and the day
 * after the last, where the range ends. Days without a time of day or a time
 * zone, so that no daylight-saving change can shift a bucket.
 */
export function chartBuckets(
  range: Timerange,
  start: string,
  count: number,
): { labels: string[]; until: string } {
  const { labels, until } = kept(buckets, `${range}|${start}|${count}`, () => {
    const first = dayjs.utc(start).startOf(range === 'week' ? 'isoWeek' : range);
    const days = Array.from({ length: count + 1 }, (_, index) =>
      first.add(index, range).format('YYYY-MM-DD'),
    );
    return { labels: days.slice(0, -1), until: days[count] ?? start };
  });
  // A copy: the caller may change its labels, never the ones kept.
  return { labels: [...labels], until };
}

/** The first day of the month `count - 1` months before today's: `count` months ending with this one. */
export function lastMonthsStart(today: string, count: number): string {
  return kept(monthStarts, `${today}|${count}`, () =>
    dayjs
      .utc(today)
      .startOf('month')
      .subtract(count - 1, 'month')
      .format('YYYY-MM-DD'),
  );
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Since 1972 every time zone's offset is a multiple of 15 minutes (the last
 * odd one, Monrovia's, ended then), so the day changes only at quarter-hour
 * boundaries: one answer serves a whole quarter hour (ingest asks for
 * thousands of instants a second, mostly in the same ones).
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const QUARTER_HOURS_SINCE = Date.UTC(1972, 0, 1);
const KEPT_DAYS = 10_000;
const days = new Map<string, string>();

export function localDay(instant: Date, timeZone: string): string {
  if (instant.getTime() < QUARTER_HOURS_SINCE) return formatDay(instant, timeZone);
  const key = `${timeZone}|${Math.floor(instant.getTime() / QUARTER_HOUR_MS)}`;
  let day = days.get(key);
  if (day === undefined) {
    day = formatDay(instant, timeZone);
    if (days.size >= KEPT_DAYS) days.clear();
    days.set(key, day);
  }
  return day;
}

function formatDay(instant: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA writes dates as yyyy-mm-dd.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}
