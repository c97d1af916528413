/**
 * The dashboard route (/) for the merchant the user acts for (spec §2
 * "Dashboard"), leading with what matters: the first
 * steps for a merchant without campaigns; the key figures with the
 * participations' trend; then, compact, the to-dos (rejected campaigns with
 * their reasons), sweepstakes and coupons per status (statuses without
 * campaigns collapsed), participant and view counts and the conversion per
 * campaign; then the participation chart. The chart part (date picker, CSV,
 * and the charts themselves, each in its own place) loads once its place
 * scrolls into view, so that it stays out of the shell's first load.
 */
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { withChunkTimeout } from '../../../shared/chunk-load';
import { withTexts } from '../../../shared/i18n/i18n';
import { openMerchantSelector, useSession } from '../../../shared/session/session-store';
import { WhenVisible } from '../../../shared/ui/when-visible';
import { NO_STATS_ACCESS_STATUSES } from '../../../shared/resources/dashboard/dashboard-keys';
import { useDashboard } from '../api/get-dashboard';
import { KeyFigures } from '../components/key-figures';
import {
  FiguresTable,
  StatusTable,
  TodoTable,
  USER_FIGURES,
  VIEW_FIGURES,
} from '../components/overview-tables';
import classes from '../dashboard.module.css';
import { campaignOverview } from '../overview';

// What lies below the first screen, or only some merchants see, loads when it is needed,
// with its texts (the text part dashboardDetails).
const ParticipationStats = lazy(
  withChunkTimeout(withTexts('dashboardDetails', () => import('../stats/participation-stats'))),
);
// A new merchant's first steps: their texts are the dashboard's own.
const FirstSteps = lazy(withChunkTimeout(() => import('../components/first-steps')));
const ConversionTable = lazy(
  withChunkTimeout(withTexts('dashboardDetails', () => import('../components/conversion-table'))),
);

function MerchantDashboard({
  merchantId,
  merchantName,
}: {
  merchantId: string;
  merchantName: string;
}) {
  const { t } = useTranslation();
  const dashboard = useDashboard(merchantId);

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

  const { campaigns, users, todo_wins, todo_rejected, conversions, participation_trend } =
    dashboard.data;
  const overview = campaignOverview(campaigns);
  return (
    <Stack gap="lg">
      {!overview.hasCampaigns && (
        <Suspense fallback={null}>
          <FirstSteps merchantIdent={merchantId} />
        </Suspense>
      )}
      <KeyFigures users={users} wins={todo_wins} trend={participation_trend} />
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
        <div className={classes.wide}>
          <WhenVisible minHeight={160} data-testid="conversion">
            <ConversionTable merchantIdent={merchantId} conversions={conversions} />
          </WhenVisible>
        </div>
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
