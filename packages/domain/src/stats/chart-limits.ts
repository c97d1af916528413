/**
 * The participation chart's ranges, limits and line colours (docs/product.md#validation, docs/product.md#limits),
 * apart from its API schemas (api/stats.ts): the dashboard's first load uses
 * them without loading zod.
 */
export const TIMERANGES = ['month', 'week', 'year'] as const;
export type Timerange = (typeof TIMERANGES)[number];
export const DEFAULT_TIMERANGE: Timerange = 'month';
export const CHART_COUNT_MIN = 1;
export const CHART_COUNT_MAX = 30;
export const DEFAULT_CHART_COUNT = 12;
export const CHART_MAX_CAMPAIGNS = 9;
/** One colour per line; the web maps them to its theme. */
export const CHART_LINE_COLORS = [
  'blue.7',
  'orange.7',
  'teal.7',
  'grape.7',
  'red.7',
  'lime.8',
  'cyan.8',
  'pink.7',
  'yellow.8',
  'indigo.7',
] as const;
