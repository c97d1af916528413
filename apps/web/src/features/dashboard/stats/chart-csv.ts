/**
 * The chart's data as a CSV file (beyond the spec): one row per bucket, one
 * column per series, written by papaparse. Every text cell that a spreadsheet
 * would run as a formula (starting with = + - @, tab or carriage return) gets
 * a leading apostrophe (OWASP "CSV injection"), campaign titles included.
 */
import { spreadsheetCsv } from '../../../shared/csv';
import { PERIOD_KEY, type ChartTable } from './chart-logic';

export { downloadText } from '../../../shared/csv';

/** Semicolons, as German spreadsheet programs expect; a BOM so that they read UTF-8. */
export function chartCsv(table: ChartTable, periodHeading: string): string {
  const fields = [periodHeading, ...table.series.map((series) => series.name)];
  const data = table.rows.map((row) => [
    row[PERIOD_KEY] ?? '',
    ...table.series.map((series) => row[series.key] ?? 0),
  ]);
  return spreadsheetCsv(fields, data);
}
