/**
 * CSV files for spreadsheets, written by papaparse: semicolons (as German
 * spreadsheet programs expect), a BOM so that they read UTF-8, and every
 * text cell that a spreadsheet would run as a formula (starting with = + - @,
 * tab or carriage return) with a leading apostrophe (OWASP "CSV injection");
 * and the download that hands such a file (or any other) to the browser.
 */
import Papa from 'papaparse';

/**
 * papaparse's own pattern (escapeFormulae: true) ends in `.*$` without the
 * dotall flag, so it misses a formula followed by a line break; this one
 * looks at the first character only.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

export function spreadsheetCsv(fields: string[], data: (string | number)[][]): string {
  return withBom(
    Papa.unparse(
      { fields, data },
      { delimiter: ';', escapeFormulae: FORMULA_START, newline: '\r\n' },
    ),
  );
}

/**
 * The text with one byte-order mark before it, so that spreadsheet programs
 * read it as UTF-8 (umlauts); a BOM it starts with already is not doubled.
 */
export function withBom(text: string): string {
  return `\uFEFF${text.replace(/^\uFEFF/, '')}`;
}

/**
 * Hands a file to the browser as a download, the app's one way of doing so:
 * the link is put into the page for its click (a browser may ignore a click
 * on a link outside the document), and the object URL is revoked a task
 * later, once the download has started from it (revoked at once, the
 * browser may find nothing behind the URL).
 */
function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Hands a text to the browser as a file download (see `downloadBlob`). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  downloadBlob(new Blob([text], { type }), fileName);
}
