import { todayIn } from '../../../shared/format/date-time';
import { describe, expect, it } from 'vitest';
import {
  bucketLabel,
  chartTable,
  defaultChartStart,
  isValidCampaignChoice,
  isValidCount,
  kidsByAge,
} from './chart-logic';

describe('participation chart', () => {
  it('takes today in the configured time zone', () => {
    // 23:30 UTC on New Year's Eve is already the new year in Berlin.
    const now = new Date('2025-12-31T23:30:00Z');
    expect(todayIn('Europe/Berlin', now)).toBe('2026-01-01');
    expect(todayIn('UTC', now)).toBe('2025-12-31');
  });

  it('starts by default so that the chart ends with the current bucket', () => {
    // 2026-03-04 is a Wednesday.
    expect(defaultChartStart('week', 1, '2026-03-04')).toBe('2026-03-02');
    expect(defaultChartStart('week', 3, '2026-03-04')).toBe('2026-02-16');
    expect(defaultChartStart('week', 1, '2026-03-08')).toBe('2026-03-02');
    expect(defaultChartStart('month', 12, '2026-03-04')).toBe('2025-04-01');
    expect(defaultChartStart('month', 3, '2026-01-31')).toBe('2025-11-01');
    expect(defaultChartStart('year', 2, '2026-03-04')).toBe('2025-01-01');
  });

  it('accepts counts from 1 to 30 and at most 9 campaigns', () => {
    expect([0, 1, 30, 31, 2.5, ''].map(isValidCount)).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(isValidCampaignChoice(Array.from({ length: 9 }, (_, i) => `c${i}`))).toBe(true);
    expect(isValidCampaignChoice(Array.from({ length: 10 }, (_, i) => `c${i}`))).toBe(false);
  });

  it('labels buckets dd.MM.yyyy, MM.yyyy or yyyy', () => {
    expect(bucketLabel('week', '2026-03-30')).toBe('30.03.2026');
    expect(bucketLabel('month', '2026-03-01')).toBe('03.2026');
    expect(bucketLabel('year', '2026-01-01')).toBe('2026');
  });

  it('puts each series under its own key, so that equal titles stay apart', () => {
    const table = chartTable('month', {
      labels: ['2025-12-01', '2026-01-01'],
      series: [
        { name: 'Herbst', campaign: 'a', values: [1, 2] },
        { name: 'Herbst', campaign: 'b', values: [3, 4] },
      ],
    });
    expect(table.series).toEqual([
      { key: 's0', name: 'Herbst', color: 'blue.7' },
      { key: 's1', name: 'Herbst', color: 'orange.7' },
    ]);
    expect(table.rows).toEqual([
      { period: '12.2025', s0: 1, s1: 3 },
      { period: '01.2026', s0: 2, s1: 4 },
    ]);
  });

  it('adds kids of every gender up by age, unknown ages last', () => {
    expect(
      kidsByAge([
        { gender: 'female', age: 9, count: 1 },
        { gender: null, age: null, count: 2 },
        { gender: 'male', age: 4, count: 1 },
        { gender: 'female', age: 4, count: 2 },
      ]),
    ).toEqual([
      { age: 4, count: 3 },
      { age: 9, count: 1 },
      { age: null, count: 2 },
    ]);
  });
});
