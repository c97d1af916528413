import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { codeUsageCsv } from './code-usage-csv';

const texts = {
  headings: ['Code', 'Verwendet am', 'Teilnehmer', 'Kampagne', 'Typ', 'ID'] as [
    string,
    string,
    string,
    string,
    string,
    string,
  ],
  typeLabel: (type: string) => `T:${type}`,
  language: 'de',
  timeZone: 'Europe/Berlin',
};

describe('codeUsageCsv', () => {
  it('writes one row per use and neutralises cells a spreadsheet would run as formulas', () => {
    const csv = codeUsageCsv(
      [
        {
          code: '=HYPERLINK("http://x")',
          used_at: '2026-05-01T10:00:00.000Z',
          participant: '@p1',
          campaign: { ident: 'c1', type: 'coupon/percent', title: { de: '+Rabatt' } },
        },
        { code: '-12', used_at: '2026-05-02T10:00:00.000Z', participant: null, campaign: null },
      ],
      texts,
    );
    expect(csv.startsWith('\ufeff')).toBe(true);
    const parsed = Papa.parse<string[]>(csv.slice(1), { delimiter: ';' }).data;
    expect(parsed[0]).toEqual(texts.headings);
    expect(parsed[1]?.[0]).toBe(`'=HYPERLINK("http://x")`);
    expect(parsed[1]?.[1]).toBe('01.05.2026 12:00');
    expect(parsed[1]?.[2]).toBe("'@p1");
    expect(parsed[1]?.[3]).toBe("'+Rabatt");
    expect(parsed[1]?.[4]).toBe('T:coupon/percent');
    expect(parsed[2]?.[0]).toBe("'-12");
    expect(parsed[2]?.[3]).toBe('');
  });
});
