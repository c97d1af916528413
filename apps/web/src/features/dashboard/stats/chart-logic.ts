/**
 * Pure rules of the participation chart (docs/product.md#statistics, docs/product.md#validation, docs/product.md#limits): the
 * default start, valid inputs, bucket labels (dd.MM.yyyy for weeks, MM.yyyy
 * for months, yyyy for years), the chart's rows and the kid-age pie.
 */
import {
  CHART_COUNT_MAX,
  CHART_COUNT_MIN,
  CHART_LINE_COLORS,
  CHART_MAX_CAMPAIGNS,
  type Timerange,
  type TStatsResponse,
  type TUsersKids,
} from '@backoffice/domain';

const pad = (value: number) => String(value).padStart(2, '0');
const isoOf = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

function parseIso(iso: string): Date {
  const [year = 1970, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

/**
 * The first day of the bucket `count - 1` buckets before today's: the chart
 * then ends with the current week (from Monday), month or year.
 */
export function defaultChartStart(range: Timerange, count: number, today: string): string {
  const date = parseIso(today);
  const back = Math.max(count, 1) - 1;
  switch (range) {
    case 'week': {
      const sinceMonday = (date.getUTCDay() + 6) % 7;
      date.setUTCDate(date.getUTCDate() - sinceMonday - 7 * back);
      return isoOf(date);
    }
    case 'month':
      return isoOf(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - back, 1)));
    case 'year':
      return isoOf(new Date(Date.UTC(date.getUTCFullYear() - back, 0, 1)));
  }
}

/** The count input's rule (docs/product.md#validation): a whole number from 1 to 30. */
export function isValidCount(value: number | string): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= CHART_COUNT_MIN &&
    value <= CHART_COUNT_MAX
  );
}

/** The campaign multi-select's rule (docs/product.md#validation): invalid above 9 choices. */
export const isValidCampaignChoice = (ids: readonly string[]) => ids.length <= CHART_MAX_CAMPAIGNS;

/** A bucket's first day (yyyy-mm-dd) as the axis shows it. */
export function bucketLabel(range: Timerange, iso: string): string {
  const [year = '', month = '', day = ''] = iso.split('-');
  switch (range) {
    case 'week':
      return `${day}.${month}.${year}`;
    case 'month':
      return `${month}.${year}`;
    case 'year':
      return year;
  }
}

export interface ChartSeries {
  /** The data key of the series' values in each row (s0, s1, …): titles may repeat. */
  key: string;
  name: string;
  color: string;
}

export interface ChartTable {
  series: ChartSeries[];
  /** One row per bucket: its label under `period`, each series' value under its key. */
  rows: Record<string, string | number>[];
}

export const PERIOD_KEY = 'period';

/** The line chart's height in pixels (its place keeps it until the chart is there). */
export const CHART_HEIGHT = 320;

export function chartTable(
  range: Timerange,
  participations: TStatsResponse['participations'],
): ChartTable {
  const series = participations.series.map((entry, index) => ({
    key: `s${index}`,
    name: entry.name,
    color: CHART_LINE_COLORS[index % CHART_LINE_COLORS.length] ?? 'blue.7',
  }));
  const rows = participations.labels.map((label, at) => {
    const row: Record<string, string | number> = { [PERIOD_KEY]: bucketLabel(range, label) };
    participations.series.forEach((entry, index) => {
      row[`s${index}`] = entry.values[at] ?? 0;
    });
    return row;
  });
  return { series, rows };
}

export interface AgeSlice {
  /** null: the age is not known. */
  age: number | null;
  count: number;
}

/** Every kid by age, genders added up, youngest first, unknown ages last. */
export function kidsByAge(allKids: TUsersKids['all_kids']): AgeSlice[] {
  const counts = new Map<number | null, number>();
  for (const row of allKids) counts.set(row.age, (counts.get(row.age) ?? 0) + row.count);
  return [...counts]
    .map(([age, count]) => ({ age, count }))
    .filter((slice) => slice.count > 0)
    .sort((a, b) => (a.age ?? Number.MAX_SAFE_INTEGER) - (b.age ?? Number.MAX_SAFE_INTEGER));
}
