/**
 * Dates in the spec's formats (docs/product.md#limits): dd.MM.yyyy and dd.MM.yyyy HH:mm
 * whatever the locale, in the configured time zone (locale.ts), never the
 * browser's: everyone sees a campaign start at the same wall-clock time.
 * The formats are the domain's (the server's mails write them alike).
 */
import { dayIn, formatDateIn, formatDateTimeIn } from '@backoffice/domain';
import { displayTimeZone } from './locale';

export { displayTimeZone } from './locale';

function parse(value: string | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** dd.MM.yyyy, or '' for a missing or invalid date. */
export function formatDate(
  value: string | Date | null | undefined,
  timeZone = displayTimeZone(),
): string {
  const date = parse(value);
  return date ? formatDateIn(date, timeZone) : '';
}

/** dd.MM.yyyy HH:mm, or '' for a missing or invalid date. */
export function formatDateTime(
  value: string | Date | null | undefined,
  timeZone = displayTimeZone(),
): string {
  const date = parse(value);
  return date ? formatDateTimeIn(date, timeZone) : '';
}

/** A day (yyyy-mm-dd) in the time zone, by default the configured one where the server counts its days. */
export function todayIn(timeZone = displayTimeZone(), now: Date = new Date()): string {
  return dayIn(now, timeZone);
}
