/**
 * Reads a location upload (spec §7 multiple-locations): UTF-8 with or
 * without BOM, UTF-16 with its BOM (Excel's "Unicode-Text"), else
 * Windows-1252 (what Excel saves as "CSV" on German Windows), semicolons,
 * commas or tabs (decided by the header line), quoted fields, a header
 * naming the columns (the template's names or common German ones; each
 * column once). A row may leave off empty cells at its end, or end in empty
 * ones more, as spreadsheet programs write them. Every line is validated;
 * the result is either all rows or the list of errors by the line the row
 * starts on in the user's editor, never a part.
 */
import { parse } from 'csv-parse/sync';
import { csvDelimiterOf, decodeUploadedText } from '../../platform/files/uploaded-text.js';
import {
  LOCATION_CSV_REQUIRED_COLUMNS,
  ZLocationInput,
  isLocationValidationKey,
  parseCsvFlag,
  type LocationCsvColumn,
  type TLocationFields,
  type TUploadLineError,
} from '@backoffice/domain';

const HEADER_ALIASES: Record<string, LocationCsvColumn> = {
  name: 'name',
  type: 'type',
  typ: 'type',
  art: 'type',
  street: 'street',
  strasse: 'street',
  straße: 'street',
  streetnumber: 'streetnumber',
  hausnummer: 'streetnumber',
  nr: 'streetnumber',
  entrance: 'entrance',
  stiege: 'entrance',
  eingang: 'entrance',
  top: 'top',
  floor: 'floor',
  stock: 'floor',
  etage: 'floor',
  co_line: 'co_line',
  'c/o': 'co_line',
  zip: 'zip',
  plz: 'zip',
  postleitzahl: 'zip',
  city: 'city',
  ort: 'city',
  stadt: 'city',
  country: 'country',
  land: 'country',
  opening_hours: 'opening_hours',
  öffnungszeiten: 'opening_hours',
  is_billing_address: 'is_billing_address',
  rechnungsadresse: 'is_billing_address',
  is_mail_address: 'is_mail_address',
  postadresse: 'is_mail_address',
  is_redemption: 'is_redemption',
  einlösestelle: 'is_redemption',
  filiale: 'is_redemption',
};

const COUNTRY_NAMES: Record<string, string> = {
  DEUTSCHLAND: 'DE',
  GERMANY: 'DE',
  ÖSTERREICH: 'AT',
  AUSTRIA: 'AT',
  SCHWEIZ: 'CH',
  SWITZERLAND: 'CH',
};

const TYPE_NAMES: Record<string, string> = {
  '': 'store',
  filiale: 'store',
  geschäft: 'store',
  zentrale: 'headquarters',
  büro: 'office',
  lager: 'warehouse',
  sonstige: 'other',
};

const FLAG_COLUMNS = ['is_billing_address', 'is_mail_address', 'is_redemption'] as const;

export type CsvResult =
  | { kind: 'ok'; rows: TLocationFields[] }
  | { kind: 'empty' }
  | { kind: 'refused'; errors: TUploadLineError[] };

/** The line (1-based) of a position in a text. */
const lineAt = (text: string, position: number): number =>
  text.slice(0, position).split('\n').length;

interface CsvRecord {
  record: string[];
  /** The line the record starts on (a quoted cell may go on over several). */
  line: number;
}

/**
 * The records of a text (line breaks made LF), each with the line it starts
 * on; or, when quoting breaks the file, the line of the record that could not
 * be read (csv-parse names the end of the file then).
 */
function readRecords(text: string): { records: CsvRecord[] } | { brokenLine: number } {
  // Where the last record read ended, for the line of one that cannot be read.
  let lastEnd = 0;
  let parsed: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    parsed = parse(text, {
      delimiter: csvDelimiterOf(text.split('\n', 1)[0] ?? ''),
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      on_record: (record, context) => {
        lastEnd = context.lines;
        return record;
      },
    }) as unknown as typeof parsed;
  } catch {
    const lines = text.split('\n');
    let line = lastEnd + 1;
    while (line < lines.length && (lines[line - 1] ?? '').trim() === '') line += 1;
    return { brokenLine: line };
  }
  return {
    records: parsed.map(({ record, info, raw }) => ({
      record,
      // `lines` counts to the record's end; its raw text (after the blank
      // lines skipped before it) tells how many lines it spans.
      line: info.lines - raw.replace(/^\n+/, '').replace(/\n$/, '').split('\n').length + 1,
    })),
  };
}

export async function parseLocationCsv(data: Buffer, maxRows: number): Promise<CsvResult> {
  // One line break for all: a CR LF inside a quoted cell is one line, as editors show it.
  const text = (await decodeUploadedText(data)).replace(/\r\n?/g, '\n');
  if (text.trim() === '') return { kind: 'empty' };
  // A NUL byte means no text file (or UTF-16 without its byte-order mark).
  const nul = text.indexOf('\u0000');
  if (nul >= 0) {
    return {
      kind: 'refused',
      errors: [{ line: lineAt(text, nul), field: '', message: 'not_a_text_file' }],
    };
  }
  const read = readRecords(text);
  // Broken quoting swallows the rest of the file: nothing after it can be trusted.
  if ('brokenLine' in read) {
    return {
      kind: 'refused',
      errors: [{ line: read.brokenLine, field: '', message: 'broken_line' }],
    };
  }
  const { records } = read;
  const [header, ...body] = records;
  if (!header) return { kind: 'empty' };
  const columns = header.record.map((name) => HEADER_ALIASES[name.trim().toLowerCase()]);
  // A column named twice (also through two of its names: "streetnumber" and "Nr", "Ort" and
  // "Stadt") would let the later cell overwrite the earlier one in every row: refused, by column.
  const duplicates = [
    ...new Set(
      columns.filter(
        (column, index): column is LocationCsvColumn =>
          column !== undefined && columns.indexOf(column) !== index,
      ),
    ),
  ];
  const missing = LOCATION_CSV_REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (duplicates.length > 0 || missing.length > 0) {
    return {
      kind: 'refused',
      errors: [
        ...duplicates.map((field) => ({
          line: header.line,
          field,
          message: 'duplicate_column' as const,
        })),
        ...missing.map((field) => ({
          line: header.line,
          field,
          message: 'missing_column' as const,
        })),
      ],
    };
  }
  const lines = body.filter(({ record }) => record.some((cell) => cell !== ''));
  if (lines.length === 0) return { kind: 'empty' };
  if (lines.length > maxRows) {
    return {
      kind: 'refused',
      errors: [{ line: 0, field: '', message: 'too_many_rows', limit: maxRows }],
    };
  }

  const errors: TUploadLineError[] = [];
  const rows: TLocationFields[] = [];
  const width = header.record.length;
  // Spreadsheet programs leave empty cells off at the end of a row, or write
  // empty ones more: such a row is the row the table shows. A row that stops
  // before a required column, or has more cells with something in them, is not.
  const lastRequired = Math.max(
    ...LOCATION_CSV_REQUIRED_COLUMNS.map((column) => columns.indexOf(column)),
  );
  for (const { record, line } of lines) {
    if (record.length <= lastRequired || record.slice(width).some((cell) => cell !== '')) {
      errors.push({ line, field: '', message: 'wrong_column_count' });
      continue;
    }
    const cells: Record<string, string> = {};
    columns.forEach((column, index) => {
      if (column) cells[column] = record[index] ?? '';
    });
    const candidate: Record<string, unknown> = { ...cells };
    const country = (cells.country ?? '').trim().toUpperCase();
    candidate.country = COUNTRY_NAMES[country] ?? country;
    const type = (cells.type ?? '').trim().toLowerCase();
    candidate.type = TYPE_NAMES[type] ?? type;
    let flagsOk = true;
    for (const flag of FLAG_COLUMNS) {
      const value = parseCsvFlag(cells[flag] ?? '');
      if (value === undefined) {
        errors.push({ line, field: flag, message: 'invalid_value' });
        flagsOk = false;
      }
      candidate[flag] = value ?? false;
    }
    const parsed = ZLocationInput.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        errors.push({
          line,
          field: issue.path.map(String).join('.'),
          // The schema's own keys; anything else zod may word is an invalid value.
          message: isLocationValidationKey(issue.message) ? issue.message : 'invalid_value',
        });
      }
      continue;
    }
    if (flagsOk) rows.push(parsed.data);
  }
  if (errors.length > 0) return { kind: 'refused', errors };
  return { kind: 'ok', rows };
}
