/**
 * Dates in the product's formats (dd.MM.yyyy and dd.MM.yyyy HH:mm), in a
 * time zone (the configured one, TIME_ZONE, never the reader's): the web
 * app's screens and the server's mails write them alike. Built from the
 * Intl parts of one fixed locale (its digits and 24-hour clock), because no
 * locale's own format is the product's (de-DE puts a comma between date and
 * time).
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The parts of a date and time the formats below are made of. */
type DateTimeParts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

function partsIn(date: Date, timeZone: string): DateTimeParts {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('de-DE', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    formats.set(timeZone, format);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of format.formatToParts(date)) parts[part.type] = part.value;
  const { year = '', month = '', day = '', hour = '', minute = '', second = '' } = parts;
  return { year, month, day, hour, minute, second };
}

/** dd.MM.yyyy of an instant in the time zone. */
export function formatDateIn(date: Date, timeZone: string): string {
  const p = partsIn(date, timeZone);
  return `${p.day}.${p.month}.${p.year}`;
}

/** dd.MM.yyyy HH:mm of an instant in the time zone. */
export function formatDateTimeIn(date: Date, timeZone: string): string {
  const p = partsIn(date, timeZone);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

/** The calendar day (yyyy-mm-dd) of an instant in the time zone. */
export function dayIn(date: Date, timeZone: string): string {
  const p = partsIn(date, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * The wall-clock time (yyyy-MM-dd HH:mm:ss) of an instant in the time zone,
 * as date pickers pass times around without a zone; whatever the time zone
 * of the machine it runs on.
 */
export function wallClockIn(date: Date, timeZone: string): string {
  const p = partsIn(date, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
