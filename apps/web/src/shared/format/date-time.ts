/**
 * Dates in the spec's formats (spec §9): dd.MM.yyyy and dd.MM.yyyy HH:mm,
 * in the browser's time zone. Built from Intl parts, because the plain
 * de-DE format puts a comma between date and time.
 */

const DATE_TIME = new Intl.DateTimeFormat('de-DE', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function parse(value: string | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function parts(date: Date): Record<string, string> {
  const result: Record<string, string> = {};
  for (const part of DATE_TIME.formatToParts(date)) result[part.type] = part.value;
  return result;
}

/** dd.MM.yyyy, or '' for a missing or invalid date. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return '';
  const p = parts(date);
  return `${p['day']}.${p['month']}.${p['year']}`;
}

/** dd.MM.yyyy HH:mm, or '' for a missing or invalid date. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = parse(value);
  if (!date) return '';
  const p = parts(date);
  return `${p['day']}.${p['month']}.${p['year']} ${p['hour']}:${p['minute']}`;
}
