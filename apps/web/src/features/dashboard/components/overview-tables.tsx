/**
 * The dashboard's tables (docs/product.md#statistics): to-dos, sweepstakes and
 * coupons per status (each linking to the filtered campaign list), and the
 * participant and view counts. Numbers and amounts the German way. The
 * status tables show the statuses that have campaigns, the others a "show
 * all" away; the to-dos name each rejected campaign with the reason and the
 * next step.
 */
import type { TDashboardResponse, TypeFilter } from '@backoffice/domain';
import { Anchor, Paper, Text, Title, UnstyledButton } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { withChunkTimeout } from '../../../shared/chunk-load';
import { useConfig } from '../../../shared/config/runtime-config';
import { formatCents, formatCount } from '../../../shared/format/number';
import { paths } from '../../../shared/paths';
import classes from '../dashboard.module.css';
import { usedStatusRows, type StatusRow } from '../overview';

// Only a merchant with rejected campaigns loads their rows (with the campaign titles' code).
const RejectedCampaignRows = lazy(withChunkTimeout(() => import('./rejected-campaign-rows')));

export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export interface TodoTableProps {
  merchantIdent: string;
  unsubmitted: number;
  wins: TDashboardResponse['todo_wins'];
  /** How many campaigns are rejected, and the newest of them with their reasons. */
  rejected: number;
  rejectedCampaigns: TDashboardResponse['todo_rejected'];
}

/**
 * Unsubmitted campaigns (to the list filtered on created), rejected ones
 * (to the list filtered on rejected, then each with its reason and the next
 * step) and open wins (to the winner app).
 */
export function TodoTable({
  merchantIdent,
  unsubmitted,
  wins,
  rejected,
  rejectedCampaigns,
}: TodoTableProps) {
  const { t } = useTranslation();
  return (
    <Section id="dashboard-todo" title={t('dashboard.todo.title')}>
      <table className={classes.table} aria-labelledby="dashboard-todo">
        <thead>
          <tr>
            <th scope="col">{t('dashboard.todo.task')}</th>
            <th scope="col" className={classes.number}>
              {t('dashboard.count')}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">
              <Anchor
                component={Link}
                to={paths.campaigns.list({ merchantIdent }, { filter_status: 'created' })}
                size="sm"
              >
                {t('dashboard.todo.unsubmitted')}
              </Anchor>
            </th>
            <td className={classes.number}>{formatCount(unsubmitted)}</td>
          </tr>
          {rejected > 0 && (
            <tr data-testid="todo-rejected">
              <th scope="row">
                <Anchor
                  component={Link}
                  to={paths.campaigns.list({ merchantIdent }, { filter_status: 'rejected' })}
                  size="sm"
                >
                  {t('dashboard.todo.rejected')}
                </Anchor>
              </th>
              <td className={classes.number}>{formatCount(rejected)}</td>
            </tr>
          )}
          {rejectedCampaigns.length > 0 && (
            <Suspense fallback={null}>
              <RejectedCampaignRows merchantIdent={merchantIdent} campaigns={rejectedCampaigns} />
            </Suspense>
          )}
          <tr>
            <th scope="row">
              {wins.winner_app_url ? (
                <Anchor
                  href={wins.winner_app_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  aria-label={t('dashboard.todo.openWinsInApp')}
                >
                  {t('dashboard.todo.openWins')} <IconExternalLink size={14} aria-hidden />
                </Anchor>
              ) : (
                t('dashboard.todo.openWins')
              )}
            </th>
            <td className={classes.number}>{formatCount(wins.count)}</td>
          </tr>
        </tbody>
      </table>
    </Section>
  );
}

export interface StatusTableProps {
  id: string;
  title: string;
  merchantIdent: string;
  rows: StatusRow[];
  /** The list's type filter for the links. */
  typeFilter: TypeFilter;
  /** Sweepstakes also show the prizes' total value per status. */
  withSweepTotal?: boolean;
}

/** Campaigns of one kind per status, each status linking to the list filtered on it. */
export function StatusTable({
  id,
  title,
  merchantIdent,
  rows,
  typeFilter,
  withSweepTotal = false,
}: StatusTableProps) {
  const { t } = useTranslation();
  const { currency } = useConfig();
  const [showAll, setShowAll] = useState(false);
  const used = usedStatusRows(rows);
  const hidden = rows.length - used.length;
  return (
    <Section id={id} title={title}>
      {used.length === 0 && !showAll && (
        <Text size="sm" c="dimmed" mb="xs">
          {t('dashboard.statusTable.none')}
        </Text>
      )}
      <table
        id={`${id}-table`}
        className={classes.table}
        aria-labelledby={id}
        hidden={used.length === 0 && !showAll}
      >
        <thead>
          <tr>
            <th scope="col">{t('campaigns.fields.status')}</th>
            <th scope="col" className={classes.number}>
              {t('dashboard.count')}
            </th>
            {withSweepTotal && (
              <th scope="col" className={classes.number}>
                {t('dashboard.sweepTotal')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const status = t(`campaigns.statuses.${row.status}`);
            return (
              // A collapsed status stays in the table, hidden: its figures are one click away.
              <tr key={row.status} data-status={row.status} hidden={!showAll && row.count === 0}>
                <th scope="row">
                  <Anchor
                    component={Link}
                    to={paths.campaigns.list(
                      { merchantIdent },
                      { filter_status: row.status, filter_type: typeFilter },
                    )}
                    size="sm"
                    aria-label={t('dashboard.showFiltered', { kind: title, status })}
                  >
                    {status}
                  </Anchor>
                </th>
                <td className={classes.number}>{formatCount(row.count)}</td>
                {withSweepTotal && (
                  <td className={classes.number}>{formatCents(row.sweeptotal, currency)}</td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {hidden > 0 && (
        <UnstyledButton
          className={classes.toggle}
          onClick={() => setShowAll(!showAll)}
          aria-expanded={showAll}
          aria-controls={`${id}-table`}
        >
          {showAll
            ? t('dashboard.statusTable.showUsed')
            : t('dashboard.statusTable.showAll', { count: hidden })}
        </UnstyledButton>
      )}
    </Section>
  );
}

export const USER_FIGURES = [
  'day',
  'month',
  'year',
  'total',
  'total_participations',
  'total_user_participations',
] as const;
export const VIEW_FIGURES = ['total_list_views', 'total_detail_views', 'total_mail_views'] as const;

export interface FiguresTableProps {
  id: string;
  title: string;
  users: TDashboardResponse['users'];
  figures: readonly (keyof TDashboardResponse['users'])[];
}

/** Participant or view counts, one figure per row. */
export function FiguresTable({ id, title, users, figures }: FiguresTableProps) {
  const { t } = useTranslation();
  return (
    <Section id={id} title={title}>
      <table className={classes.table} aria-labelledby={id}>
        <tbody>
          {figures.map((figure) => (
            <tr key={figure} data-figure={figure}>
              <th scope="row">{t(`dashboard.figures.${figure}`)}</th>
              <td className={classes.number}>{formatCount(users[figure])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
