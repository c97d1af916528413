/**
 * The pie chart of the kids' ages (docs/product.md#statistics): its own lazy chunk
 * with the charting library, loaded when its place scrolls into view; the
 * same figures are in the "all kids" table beside it. Its legend is a plain
 * list below the pie, youngest first: the library's
 * legend has a fixed height that cuts off a legend of many ages, and sorts
 * its entries as text ("10 Jahre" before "2 Jahre").
 */
import '@mantine/charts/styles.css';
import { CHART_LINE_COLORS } from '@backoffice/domain';
import { PieChart } from '@mantine/charts';
import { ColorSwatch, getThemeColor, useMantineTheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../shared/format/number';
import type { AgeSlice } from './chart-logic';
import classes from './kid-age-chart.module.css';

function KidAgeChart({
  ages,
  ageLabel,
}: {
  ages: AgeSlice[];
  ageLabel: (age: number | null) => string;
}) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const slices = ages.map((slice, index) => ({
    key: String(slice.age),
    name: ageLabel(slice.age),
    value: slice.count,
    color: CHART_LINE_COLORS[index % CHART_LINE_COLORS.length] ?? 'gray.6',
  }));
  return (
    <>
      <PieChart
        role="figure"
        aria-label={t('dashboardDetails.kids.ageChart')}
        data={slices}
        withTooltip
        tooltipDataSource="segment"
        withLabels
        labelsType="value"
        valueFormatter={formatCount}
        mx="auto"
      />
      <ul className={classes.legend} aria-label={t('dashboardDetails.kids.ageLegend')}>
        {slices.map((slice) => (
          <li key={slice.key} className={classes.item} data-age={slice.key}>
            <ColorSwatch color={getThemeColor(slice.color, theme)} size={12} withShadow={false} />
            <span>
              {slice.name}: {formatCount(slice.value)}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

export { KidAgeChart as default };
