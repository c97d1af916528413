/** The calendar day of an instant in a time zone (yyyy-mm-dd), by the platform's time zone data. */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function localDay(instant: Date, timeZone: string): string {
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
