import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { chartCsv } from './chart-csv';
import { chartTable } from './chart-logic';

const parse = (csv: string) =>
  Papa.parse<string[]>(csv.replace(/^\ufeff/, ''), { delimiter: ';' }).data;

describe('chart CSV', () => {
  it('writes one row per bucket and one column per series', () => {
    const table = chartTable('month', {
      labels: ['2025-12-01', '2026-01-01'],
      series: [
        { name: 'Herbst; Kuchen', campaign: 'a', values: [1, 2] },
        { name: 'Winter "Tee"', campaign: 'b', values: [0, 1234] },
      ],
    });
    const csv = chartCsv(table, 'Zeitraum');
    expect(csv.startsWith('\ufeff')).toBe(true);
    expect(parse(csv)).toEqual([
      ['Zeitraum', 'Herbst; Kuchen', 'Winter "Tee"'],
      ['12.2025', '1', '0'],
      ['01.2026', '2', '1234'],
    ]);
  });

  it('neutralises every cell a spreadsheet would run as a formula', () => {
    const names = ['=SUM(A1:A2)', '+49 30', '-1+1', '@cmd', '\tTab', '\rCR', '=1\n+2', 'Ruhig'];
    const table = chartTable('year', {
      labels: ['2026-01-01'],
      series: names.map((name, index) => ({ name, campaign: String(index), values: [index] })),
    });
    const [header, row] = parse(chartCsv(table, 'Jahr'));
    expect(header).toEqual([
      'Jahr',
      "'=SUM(A1:A2)",
      "'+49 30",
      "'-1+1",
      "'@cmd",
      "'\tTab",
      "'\rCR",
      "'=1\n+2",
      'Ruhig',
    ]);
    // Numbers are numbers, not text: none of them is touched.
    expect(row).toEqual(['2026', '0', '1', '2', '3', '4', '5', '6', '7']);
  });
});
