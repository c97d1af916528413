/**
 * The dashboard route (/) for the merchant the user acts for (spec §2
 * "Dashboard"), leading with what matters (issue 30, point 8): the first
 * steps for a merchant without campaigns; the key figures with the
 * participations' trend; then, compact, the to-dos (rejected campaigns with
 * their reasons), sweepstakes and coupons per status (statuses without
 * campaigns collapsed), participant and view counts and the conversion per
 * campaign; then the participation chart. The chart part (date picker, CSV,
 * and the charts themselves, each in its own place) loads once its place
 * scrolls into view, so that it stays out of the shell's first load.
 */
import { DEFAULT_CHART_COUNT, DEFAULT_TIMERANGE } from '@backoffice/domain';
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { withChunkTimeout } from '../../shared/chunk-load';
import { openMerchantSelector, useSession } from '../../shared/session/session-store';
import { WhenVisible } from '../../shared/ui/when-visible';
import { NO_STATS_ACCESS_STATUSES, type StatsParams } from '../../shared/api/dashboard-keys';
import { useConfig } from '../../shared/config/runtime-config';
import { todayIn } from '../../shared/format/date-time';
import { useDashboard } from './api/get-dashboard';
import { useStats } from './api/get-stats';
import { ConversionTable } from './components/conversion-table';
import { FirstSteps } from './components/first-steps';
import { KeyFigures } from './components/key-figures';
import {
  FiguresTable,
  StatusTable,
  TodoTable,
  USER_FIGURES,
  VIEW_FIGURES,
} from './components/overview-tables';
import classes from './dashboard.module.css';
import { campaignOverview } from './overview';
import { defaultChartStart } from './stats/chart-logic';

const ParticipationStats = lazy(withChunkTimeout(() => import('./stats/participation-stats')));

function MerchantDashboard({
  merchantId,
  merchantName,
}: {
  merchantId: string;
  merchantName: string;
}) {
  const { t } = useTranslation();
  const { timeZone } = useConfig();
  const dashboard = useDashboard(merchantId);
  // The participation chart's default query: the key figures' trend now, the chart's answer later.
  const trendParams: StatsParams = {
    timerange: DEFAULT_TIMERANGE,
    count: DEFAULT_CHART_COUNT,
    start: defaultChartStart(DEFAULT_TIMERANGE, DEFAULT_CHART_COUNT, todayIn(timeZone)),
    campaigns: [],
    distinct: false,
  };
  const trend = useStats(merchantId, dashboard.isSuccess ? trendParams : undefined);

  if (dashboard.isPending) return <Loader aria-label={t('app.loading')} />;
  if (dashboard.isError) {
    const error = dashboard.error;
    const noAccess =
      error instanceof ApiError &&
      (NO_STATS_ACCESS_STATUSES as readonly (number | undefined)[]).includes(error.status);
    if (noAccess) {
      return (
        <Paper
          withBorder
          radius="md"
          p="md"
          maw={720}
          component="section"
          aria-labelledby="no-access"
        >
          <Group gap="xs" mb="xs" wrap="nowrap">
            <IconLock size={18} aria-hidden />
            <Title order={2} size="h4" id="no-access">
              {t('dashboard.noAccess.title')}
            </Title>
          </Group>
          <Text>{t('dashboard.noAccess.text')}</Text>
        </Paper>
      );
    }
    // The client has alerted already; the page offers another try.
    return (
      <Stack gap="sm" align="flex-start">
        <Text>{t('dashboard.loadError')}</Text>
        <Button variant="default" onClick={() => void dashboard.refetch()}>
          {t('actions.retry')}
        </Button>
      </Stack>
    );
  }

  const { campaigns, users, todo_wins, todo_rejected, conversions } = dashboard.data;
  const overview = campaignOverview(campaigns);
  return (
    <Stack gap="lg">
      {!overview.hasCampaigns && <FirstSteps merchantIdent={merchantId} />}
      <KeyFigures
        users={users}
        wins={todo_wins}
        trend={trend.data?.response.participations.series[0]?.values}
      />
      <div className={classes.grid}>
        <TodoTable
          merchantIdent={merchantId}
          unsubmitted={overview.unsubmitted}
          wins={todo_wins}
          rejected={overview.rejected}
          rejectedCampaigns={todo_rejected}
        />
        <StatusTable
          id="dashboard-sweepstakes"
          title={t('dashboard.sweepstakes')}
          merchantIdent={merchantId}
          rows={overview.sweepstakes}
          typeFilter="sweepstake/standard"
          withSweepTotal
        />
        <StatusTable
          id="dashboard-coupons"
          title={t('dashboard.coupons')}
          merchantIdent={merchantId}
          rows={overview.coupons}
          typeFilter="coupon"
        />
        <FiguresTable
          id="dashboard-users"
          title={t('dashboard.users')}
          users={users}
          figures={USER_FIGURES}
        />
        <FiguresTable
          id="dashboard-views"
          title={t('dashboard.views')}
          users={users}
          figures={VIEW_FIGURES}
        />
        <ConversionTable merchantIdent={merchantId} conversions={conversions} />
      </div>
      <WhenVisible minHeight={480} data-testid="participation-stats">
        <ParticipationStats merchantId={merchantId} merchantName={merchantName} />
      </WhenVisible>
    </Stack>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const { merchant, searchType } = useSession();
  const canChoose = searchType === 'select' || searchType === 'autocomplete';

  return (
    <Stack gap="lg" py="md">
      <div>
        <Title order={1}>{t('dashboard.title')}</Title>
        {merchant && <Text c="dimmed">{t('dashboard.actingFor', { name: merchant.name })}</Text>}
      </div>
      {merchant ? (
        // A new merchant starts afresh: no state of the previous one's chart stays.
        <MerchantDashboard
          key={merchant.uuid}
          merchantId={merchant.uuid}
          merchantName={merchant.name}
        />
      ) : (
        <Stack gap="sm" align="flex-start">
          <Text>{t('dashboard.noMerchant')}</Text>
          {canChoose && (
            <Button onClick={() => openMerchantSelector('forced')}>
              {t('actions.chooseMerchant')}
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}

export { DashboardPage as Component };
