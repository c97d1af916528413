/**
 * The raw kid statistics of the chart's participants (docs/product.md#statistics):
 * participants by gender, youngest kid by gender and age, every kid by
 * gender and age, and a pie chart of the kids' ages (loaded with the
 * charting library when its place scrolls into view).
 */
import type { TUsersKids } from '@backoffice/domain';
import { Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { withChunkTimeout } from '../../../shared/chunk-load';
import { formatCount } from '../../../shared/format/number';
import { WhenVisible } from '../../../shared/ui/when-visible';
import { kidsByAge } from './chart-logic';

const KidAgeChart = lazy(withChunkTimeout(() => import('./kid-age-chart')));
/** The pie chart's height (Mantine's 160 px, 80 px for outside labels) and its legend's lines, kept for it until it is there. */
const KID_AGE_CHART_HEIGHT = 320;

type Gender = TUsersKids['person_gender'][number]['gender'];

function useLabels() {
  const { t } = useTranslation();
  return {
    gender: (gender: Gender) => t(`dashboardDetails.kids.genders.${gender ?? 'unknown'}`),
    age: (age: number | null) =>
      age === null
        ? t('dashboardDetails.kids.unknownAge')
        : t('dashboardDetails.kids.years', { count: age }),
  };
}

function KidTable({
  id,
  title,
  rows,
  withAge,
}: {
  id: string;
  title: string;
  rows: { gender: Gender; age?: number | null; count: number }[];
  withAge: boolean;
}) {
  const { t } = useTranslation();
  const labels = useLabels();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id} mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('dashboardDetails.kids.none')}
        </Text>
      ) : (
        // A long table scrolls in its place: reachable by keyboard (axe: scrollable-region-focusable).
        <ScrollArea.Autosize mah={320} viewportProps={{ tabIndex: 0 }}>
          <Table aria-labelledby={id} verticalSpacing={4} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboardDetails.kids.gender')}</Table.Th>
                {withAge && <Table.Th>{t('dashboardDetails.kids.age')}</Table.Th>}
                <Table.Th ta="right">{t('dashboard.count')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.gender ?? '-'}:${String(row.age ?? '-')}`}>
                  <Table.Td>{labels.gender(row.gender)}</Table.Td>
                  {withAge && <Table.Td>{labels.age(row.age ?? null)}</Table.Td>}
                  <Table.Td ta="right">{formatCount(row.count)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}

export function KidStatistics({ usersKids }: { usersKids: TUsersKids }) {
  const { t } = useTranslation();
  const labels = useLabels();
  const ages = kidsByAge(usersKids.all_kids);
  return (
    <Stack gap="sm" component="section" aria-labelledby="kids-title">
      <Title order={2} size="h4" id="kids-title">
        {t('dashboardDetails.kids.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 4 }} spacing="md">
        <KidTable
          id="kids-person-gender"
          title={t('dashboardDetails.kids.personGender')}
          rows={usersKids.person_gender}
          withAge={false}
        />
        <KidTable
          id="kids-youngest"
          title={t('dashboardDetails.kids.youngestKid')}
          rows={usersKids.youngest_kid}
          withAge
        />
        <KidTable
          id="kids-all"
          title={t('dashboardDetails.kids.allKids')}
          rows={usersKids.all_kids}
          withAge
        />
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="kids-age">
          <Title order={3} size="h5" id="kids-age" mb="xs">
            {t('dashboardDetails.kids.ageChart')}
          </Title>
          {ages.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('dashboardDetails.kids.none')}
            </Text>
          ) : (
            <WhenVisible minHeight={KID_AGE_CHART_HEIGHT}>
              <KidAgeChart ages={ages} ageLabel={labels.age} />
            </WhenVisible>
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
