/**
 * The pie chart of the kids' ages (spec §2 "Dashboard"): its own lazy chunk
 * with the charting library, loaded when its place scrolls into view; the
 * same figures are in the "all kids" table beside it.
 */
import '@mantine/charts/styles.css';
import { CHART_LINE_COLORS } from '@backoffice/domain';
import { PieChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../shared/format/number';
import type { AgeSlice } from './chart-logic';

export function KidAgeChart({
  ages,
  ageLabel,
}: {
  ages: AgeSlice[];
  ageLabel: (age: number | null) => string;
}) {
  const { t } = useTranslation();
  return (
    <PieChart
      role="figure"
      aria-label={t('dashboard.kids.ageChart')}
      data={ages.map((slice, index) => ({
        key: String(slice.age),
        name: ageLabel(slice.age),
        value: slice.count,
        color: CHART_LINE_COLORS[index % CHART_LINE_COLORS.length] ?? 'gray.6',
      }))}
      withTooltip
      tooltipDataSource="segment"
      withLabels
      labelsType="value"
      withLegend
      valueFormatter={formatCount}
      mx="auto"
    />
  );
}

export { KidAgeChart as default };
