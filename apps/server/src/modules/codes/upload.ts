/**
 * Reads an uploaded code file: text or CSV, one code per line (the first
 * cell of a CSV line). UTF-8 with or without BOM, else Windows-1252 (Excel's
 * "CSV" on German Windows). A file with NUL bytes or other control
 * characters is no text file and is refused as a whole.
 */
import { parse } from 'csv-parse/sync';
import { decodeUploadedText } from '../../files/uploaded-text.js';
import { AppError } from '../../http/errors.js';

// Control characters other than tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex -- looking for exactly these bytes
const BINARY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The first cell of every line, blank lines included, in file order. */
export async function codeCells(data: Buffer): Promise<string[]> {
  const text = await decodeUploadedText(data);
  if (BINARY.test(text)) throw new AppError(400, 'upload_not_text', 'upload');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  if (!/[;,\t]/.test(firstLine) && !text.includes('"')) {
    // A plain list, one code per line: each line is its code (and no CSV reader is needed).
    const lines = text.split(/\r?\n/);
    if (lines.at(-1) === '') lines.pop();
    return lines;
  }
  const delimiter = firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';
  try {
    const records = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
    return records.map((record) => record[0] ?? '');
  } catch {
    throw new AppError(400, 'upload_not_text', 'upload');
  }
}
