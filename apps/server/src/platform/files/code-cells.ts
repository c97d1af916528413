/**
 * Reads a list of codes, uploaded or pasted (campaign codes, access codes):
 * text or CSV, one code per line, the first cell of a CSV line (a file from
 * a spreadsheet, or columns copied from one, which are tab-separated). Its
 * decoding (UTF-8 with or without BOM, UTF-16 with BOM, else Windows-1252)
 * and the refusal of binary files are readTextUpload's; which characters a
 * code may hold is the domain's one rule (isTypeableCode), applied to these
 * cells line by line (collectCodes, collectAccessCodes), pasted or uploaded.
 */
import { parse } from 'csv-parse/sync';
import { AppError } from '../errors.js';
import { csvDelimiterOf } from './uploaded-text.js';

/** The first cell of every line of a text, blank lines included, in file order. */
export function codeCells(text: string): string[] {
  const firstLine = text.slice(0, text.search(/\r\n|\r|\n|$/));
  if (!/[;,\t]/.test(firstLine) && !text.includes('"')) {
    // A plain list, one code per line: each line is its code (and no CSV reader is needed).
    const lines = text.split(/\r\n|\r|\n/);
    if (lines.at(-1) === '') lines.pop();
    return lines;
  }
  try {
    const records = parse(text, {
      delimiter: csvDelimiterOf(firstLine),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
    return records.map((record) => record[0] ?? '');
  } catch {
    throw new AppError(400, 'upload_not_text', 'upload');
  }
}
