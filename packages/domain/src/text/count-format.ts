/**
 * Counts with the thousands separators of a locale (de-DE: 12.345, de-CH:
 * 12’345): the web app's screens and the server's mails write them alike.
 */
const formats = new Map<string, Intl.NumberFormat>();

export function formatCountIn(value: number, locale: string): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    formats.set(locale, format);
  }
  return format.format(value);
}
