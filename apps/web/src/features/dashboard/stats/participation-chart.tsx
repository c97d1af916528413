/**
 * The participation chart's lines (docs/product.md#statistics): one line per
 * campaign (or the merchant's total) over the chosen periods. Its own lazy
 * chunk with the charting library, loaded when its place scrolls into view;
 * the same figures are in the table beside it for screen readers.
 */
import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../shared/format/number';
import { CHART_HEIGHT, PERIOD_KEY, type ChartTable } from './chart-logic';

function ParticipationChart({ table }: { table: ChartTable }) {
  const { t } = useTranslation();
  return (
    <LineChart
      h={CHART_HEIGHT}
      data={table.rows}
      dataKey={PERIOD_KEY}
      series={table.series.map((series) => ({
        name: series.key,
        label: series.name,
        color: series.color,
      }))}
      curveType="linear"
      withLegend
      valueFormatter={formatCount}
      yAxisProps={{ allowDecimals: false }}
      role="figure"
      aria-label={t('dashboardDetails.stats.chartLabel')}
      data-testid="participation-chart"
    />
  );
}

export { ParticipationChart as default };
