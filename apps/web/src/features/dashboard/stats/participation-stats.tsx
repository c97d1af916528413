/**
 * The participation chart of the dashboard (spec §2 "Dashboard", §5, §9): a
 * start date (dd.MM.yyyy, weeks from Monday), week/month/year buckets, 1–30
 * of them, up to 9 campaigns (ordered by end date), distinct participants,
 * a line chart with 10 line colours; below, the participants' and kids'
 * statistics as tables and a pie chart of kid age; and the chart's data as
 * CSV. A lazy chunk: date picker and CSV stay out of the first load, and the
 * charts (their library) load only when their places scroll into view.
 */
import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import {
  CHART_COUNT_MAX,
  CHART_COUNT_MIN,
  CHART_MAX_CAMPAIGNS,
  DEFAULT_CHART_COUNT,
  DEFAULT_TIMERANGE,
  TIMERANGES,
  type Timerange,
} from '@backoffice/domain';
import {
  Button,
  Group,
  Loader,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar, IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { lazy, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config/runtime-config';
import { todayIn } from '../../../shared/format/date-time';
import { withChunkTimeout } from '../../../shared/chunk-load';
import { calendarAriaLabels } from '../../../shared/ui/calendar-labels';
import { WhenVisible } from '../../../shared/ui/when-visible';
import { formatCount } from '../../../shared/format/number';
import { campaignTitle } from '../../../shared/resources/campaigns/campaign-title';
import type {
  StatsParams,
  StatsRangeParams,
} from '../../../shared/resources/dashboard/dashboard-keys';
import { useStats } from '../api/get-stats';
import { useStatsCampaigns } from '../api/get-stats-campaigns';
import { chartCsv, downloadText } from './chart-csv';
import {
  CHART_HEIGHT,
  chartTable,
  defaultChartStart,
  isValidCampaignChoice,
  isValidCount,
  PERIOD_KEY,
} from './chart-logic';
import { KidStatistics } from './kid-statistics';

const ParticipationChart = lazy(withChunkTimeout(() => import('./participation-chart')));

export interface ParticipationStatsProps {
  merchantId: string;
  merchantName: string;
}

export function ParticipationStats({ merchantId, merchantName }: ParticipationStatsProps) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useConfig();
  const [timerange, setTimerange] = useState<Timerange>(DEFAULT_TIMERANGE);
  const [count, setCount] = useState<number | string>(DEFAULT_CHART_COUNT);
  // Until the user picks a day, the chart ends with the current bucket.
  const [pickedStart, setPickedStart] = useState<string | null | undefined>(undefined);
  const [campaigns, setCampaigns] = useState<string[]>([]);
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [distinct, setDistinct] = useState(false);

  const countValid = isValidCount(count);
  const start =
    pickedStart === undefined
      ? defaultChartStart(timerange, countValid ? count : DEFAULT_CHART_COUNT, todayIn(timeZone))
      : pickedStart;
  const campaignsValid = isValidCampaignChoice(campaigns);

  const range: StatsRangeParams | undefined =
    countValid && start ? { timerange, count, start } : undefined;
  const params: StatsParams | undefined =
    range && campaignsValid ? { ...range, campaigns, distinct } : undefined;

  const rangeCampaigns = useStatsCampaigns(merchantId, range);
  const stats = useStats(merchantId, params);

  // New choices render as a transition too, like the chart below.
  const rangeCampaignList = useDeferredValue(rangeCampaigns.data?.campaigns);
  const untitled = t('campaigns.values.untitled');
  const options = useMemo(() => {
    const listed = (rangeCampaignList ?? []).map((campaign) => ({
      value: campaign.id,
      label: campaignTitle(campaign.title, i18n.language, t),
    }));
    // Chosen campaigns stay choices when another range no longer lists them.
    const kept = campaigns
      .filter((id) => !listed.some((option) => option.value === id))
      .map((id) => ({ value: id, label: titles[id] ?? untitled }));
    return [...listed, ...kept];
  }, [rangeCampaignList, campaigns, titles, i18n.language, t, untitled]);

  const chooseCampaigns = (ids: string[]) => {
    const next = { ...titles };
    for (const option of options) if (ids.includes(option.value)) next[option.value] = option.label;
    setTitles(next);
    setCampaigns(ids);
  };

  // While a new answer loads, the last one stays, labelled by its own range.
  // The chart of a new answer renders as a transition, in slices.
  const shown = useDeferredValue(stats.data);
  const table = useMemo(
    () => (shown ? chartTable(shown.params.timerange, shown.response.participations) : undefined),
    [shown],
  );

  const download = async () => {
    if (!shown || !table) return;
    // The slug's transliteration tables (some 10 KB) load with the first download.
    const { slugOf } = await import('@backoffice/domain/slug');
    downloadText(
      chartCsv(table, t('dashboardDetails.stats.period')),
      t('dashboardDetails.stats.fileName', {
        merchant: slugOf(merchantName),
        start: shown.params.start,
      }),
    );
  };

  return (
    <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="stats-title">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id="stats-title">
              {t('dashboardDetails.stats.title')}
            </Title>
            {(stats.isFetching || rangeCampaigns.isFetching) && (
              <Loader size="sm" aria-label={t('app.loading')} />
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mb="sm">
            <DatePickerInput
              label={t('dashboardDetails.stats.start')}
              value={start}
              onChange={setPickedStart}
              valueFormat="DD.MM.YYYY"
              firstDayOfWeek={1}
              required
              clearable
              error={start ? undefined : t('dashboardDetails.stats.required')}
              leftSection={<IconCalendar size={16} aria-hidden />}
              getDayAriaLabel={(date) => dayjs(date).format('DD.MM.YYYY')}
              ariaLabels={calendarAriaLabels(t)}
              clearButtonProps={{ 'aria-label': t('dashboardDetails.stats.clearStart') }}
            />
            <NativeSelect
              label={t('dashboardDetails.stats.timerange')}
              value={timerange}
              onChange={(event) => setTimerange(event.currentTarget.value as Timerange)}
              data={TIMERANGES.map((value) => ({
                value,
                label: t(`dashboardDetails.stats.timeranges.${value}`),
              }))}
            />
            <NumberInput
              label={t('dashboardDetails.stats.count')}
              value={count}
              onChange={setCount}
              min={CHART_COUNT_MIN}
              max={CHART_COUNT_MAX}
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              required
              error={
                countValid
                  ? undefined
                  : t('dashboardDetails.stats.countInvalid', {
                      min: CHART_COUNT_MIN,
                      max: CHART_COUNT_MAX,
                    })
              }
            />
          </SimpleGrid>
          <MultiSelect
            label={t('dashboardDetails.stats.campaigns')}
            description={t('dashboardDetails.stats.campaignsHint', { max: CHART_MAX_CAMPAIGNS })}
            placeholder={
              campaigns.length === 0 ? t('dashboardDetails.stats.allCampaigns') : undefined
            }
            data={options}
            value={campaigns}
            onChange={chooseCampaigns}
            searchable
            clearable
            nothingFoundMessage={t('dashboardDetails.stats.noCampaigns')}
            error={
              campaignsValid
                ? undefined
                : t('dashboardDetails.stats.tooManyCampaigns', { max: CHART_MAX_CAMPAIGNS })
            }
            mb="sm"
          />
          <Group justify="space-between" mb="md">
            <Switch
              label={t('dashboardDetails.stats.distinct')}
              checked={distinct}
              onChange={(event) => setDistinct(event.currentTarget.checked)}
            />
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void download()}
              disabled={!table || stats.isPlaceholderData}
            >
              {t('dashboardDetails.stats.download')}
            </Button>
          </Group>
          {table && (
            <>
              <WhenVisible minHeight={CHART_HEIGHT}>
                <ParticipationChart table={table} />
              </WhenVisible>
              <VisuallyHidden>
                <Table aria-label={t('dashboardDetails.stats.tableLabel')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('dashboardDetails.stats.period')}</Table.Th>
                      {table.series.map((series) => (
                        <Table.Th key={series.key}>{series.name}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {table.rows.map((row) => (
                      <Table.Tr key={String(row[PERIOD_KEY])}>
                        <Table.Th scope="row">{row[PERIOD_KEY]}</Table.Th>
                        {table.series.map((series) => (
                          <Table.Td key={series.key}>
                            {formatCount(Number(row[series.key]))}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </VisuallyHidden>
            </>
          )}
        </Paper>
        {shown && <KidStatistics usersKids={shown.response.users_kids} />}
      </Stack>
    </DatesProvider>
  );
}

export { ParticipationStats as default };
