/**
 * Dates in the spec's formats (spec §9): dd.MM.yyyy and dd.MM.yyyy HH:mm
 * whatever the locale, in the configured time zone (locale.ts), never the
 * browser's: everyone sees a campaign start at the same wall-clock time.
 * Built from the Intl parts of one fixed locale (its digits and 24-hour
 * clock), because no locale's own format is the spec's (de-DE puts a comma
 * between date and time).
 */
import { displayTimeZone } from './locale';

export { displayTimeZone } from './locale';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('de-DE', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    formats.set(timeZone, format);
  }
  return format;
}

function parse(value: string | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function parts(date: Date, timeZone: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const part of formatIn(timeZone).formatToParts(date)) result[part.type] = part.value;
  return result;
}

/** dd.MM.yyyy, or '' for a missing or invalid date. */
export function formatDate(
  value: string | Date | null | undefined,
  timeZone = displayTimeZone(),
): string {
  const date = parse(value);
  if (!date) return '';
  const p = parts(date, timeZone);
  return `${p['day']}.${p['month']}.${p['year']}`;
}

/** dd.MM.yyyy HH:mm, or '' for a missing or invalid date. */
export function formatDateTime(
  value: string | Date | null | undefined,
  timeZone = displayTimeZone(),
): string {
  const date = parse(value);
  if (!date) return '';
  const p = parts(date, timeZone);
  return `${p['day']}.${p['month']}.${p['year']} ${p['hour']}:${p['minute']}`;
}

/** A day (yyyy-mm-dd) in the time zone, by default the configured one where the server counts its days. */
export function todayIn(timeZone = displayTimeZone(), now: Date = new Date()): string {
  const p = parts(now, timeZone);
  return `${p['year']}-${p['month']}-${p['day']}`;
}
