/**
 * CSV files for spreadsheets, written by papaparse: semicolons (as German
 * spreadsheet programs expect), a BOM so that they read UTF-8, and every
 * text cell that a spreadsheet would run as a formula (starting with = + - @,
 * tab or carriage return) with a leading apostrophe (OWASP "CSV injection").
 */
import Papa from 'papaparse';

/**
 * papaparse's own pattern (escapeFormulae: true) ends in `.*$` without the
 * dotall flag, so it misses a formula followed by a line break; this one
 * looks at the first character only.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

export function spreadsheetCsv(fields: string[], data: (string | number)[][]): string {
  return `\ufeff${Papa.unparse({ fields, data }, { delimiter: ';', escapeFormulae: FORMULA_START, newline: '\r\n' })}`;
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
