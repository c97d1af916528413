/**
 * The chart's data as a CSV file (beyond the spec): one row per bucket, one
 * column per series, written by papaparse. Every text cell that a spreadsheet
 * would run as a formula (starting with = + - @, tab or carriage return) gets
 * a leading apostrophe (OWASP "CSV injection"), campaign titles included.
 */
import Papa from 'papaparse';
import { PERIOD_KEY, type ChartTable } from './chart-logic';

/**
 * papaparse's own pattern (escapeFormulae: true) ends in `.*$` without the
 * dotall flag, so it misses a formula followed by a line break; this one
 * looks at the first character only.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Semicolons, as German spreadsheet programs expect; a BOM so that they read UTF-8. */
export function chartCsv(table: ChartTable, periodHeading: string): string {
  const fields = [periodHeading, ...table.series.map((series) => series.name)];
  const data = table.rows.map((row) => [
    row[PERIOD_KEY] ?? '',
    ...table.series.map((series) => row[series.key] ?? 0),
  ]);
  return `\ufeff${Papa.unparse({ fields, data }, { delimiter: ';', escapeFormulae: FORMULA_START, newline: '\r\n' })}`;
}

/** A file-name part out of a merchant name: "Bäckerei Süß & Co" → "baeckerei-suess-co". */
export function fileNamePart(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Hands a text to the browser as a file download. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
