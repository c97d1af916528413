/**
 * What the dashboard leads with: participations,
 * participants, list views and open wins as four figures, the
 * participations with their monthly trend as a small line: the chart's
 * default line, sent with the dashboard and drawn as plain SVG. The charting
 * library and the chart's controls load further down, when their place
 * scrolls into view, and stay out of the first load.
 */
import type { TDashboardResponse } from '@backoffice/domain';
import { Anchor, Paper, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../shared/format/number';
import classes from '../dashboard.module.css';

function Figure({
  id,
  label,
  value,
  children,
}: {
  id: string;
  label: string;
  value: number;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="dl" m={0} data-key-figure={id}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} className={classes.figureValue}>
        {formatCount(value)}
      </Text>
      {children && <dd className={classes.figureMore}>{children}</dd>}
    </Paper>
  );
}

/** The values as a line through a 100 × 24 box; one value a flat line. */
function trendPoints(values: readonly number[]): string {
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? 100 / (values.length - 1) : 100;
  const points = values.length > 1 ? values : [values[0] ?? 0, values[0] ?? 0];
  return points
    .map((value, index) => `${(index * step).toFixed(2)},${(22 - (value / max) * 20).toFixed(2)}`)
    .join(' ');
}

export function Trend({ values }: { values: readonly number[] }) {
  return (
    // The same figures are in the participation chart's table below: the line is a picture of them.
    <svg
      className={classes.trend}
      viewBox="0 0 100 24"
      preserveAspectRatio="none"
      aria-hidden
      data-testid="participation-trend"
    >
      <polyline
        points={trendPoints(values)}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        vectorEffect="non-scaling-stroke"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export interface KeyFiguresProps {
  users: TDashboardResponse['users'];
  wins: TDashboardResponse['todo_wins'];
  /** Participations per month of the last months (the chart's default line). */
  trend: readonly number[];
}

export function KeyFigures({ users, wins, trend }: KeyFiguresProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="key-figures" data-testid="key-figures">
      {/* Mantine's VisuallyHidden would bring the shared components' file into the first load. */}
      <h2 id="key-figures" className={classes.visuallyHidden}>
        {t('dashboard.keyFigures.title')}
      </h2>
      <div className={classes.figures}>
        <Figure
          id="participations"
          label={t('dashboard.keyFigures.participations')}
          value={users.total_participations}
        >
          {trend.length > 0 && (
            <>
              <Trend values={trend} />
              <Text size="xs" c="dimmed">
                {t('dashboard.keyFigures.trend', { count: trend.length })}
              </Text>
            </>
          )}
        </Figure>
        <Figure
          id="participants"
          label={t('dashboard.keyFigures.participants')}
          value={users.total}
        >
          <Text size="xs" c="dimmed">
            {t('dashboard.keyFigures.participantsThisMonth', { count: users.month })}
          </Text>
        </Figure>
        <Figure id="views" label={t('dashboard.keyFigures.views')} value={users.total_list_views}>
          <Text size="xs" c="dimmed">
            {t('dashboard.keyFigures.otherViews', {
              detail: formatCount(users.total_detail_views),
              mail: formatCount(users.total_mail_views),
            })}
          </Text>
        </Figure>
        <Figure id="open-wins" label={t('dashboard.keyFigures.openWins')} value={wins.count}>
          {wins.winner_app_url && (
            <Anchor
              href={wins.winner_app_url}
              target="_blank"
              rel="noopener noreferrer"
              size="xs"
              aria-label={t('dashboard.keyFigures.openWinsLinkLabel')}
            >
              {t('dashboard.keyFigures.openWinsLink')} <IconExternalLink size={12} aria-hidden />
            </Anchor>
          )}
        </Figure>
      </div>
    </section>
  );
}
