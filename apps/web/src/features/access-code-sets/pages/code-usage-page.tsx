/**
 * /access-code-sets/{ident}/code-usage (admins): which codes were used, when,
 * for which campaign and by which participant, with a search, a pager and a
 * CSV download of every use the search finds.
 */
import type { CampaignType } from '@backoffice/domain';
import {
  Anchor,
  Button,
  Code,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { notifyRequestError } from '../../../shared/api/error-text';
import { campaignTypeLabel } from '../../../shared/resources/campaigns/campaign-type-label';
import { downloadText } from '../../../shared/csv';
import { displayTimeZone, formatDateTime } from '../../../shared/format/date-time';
import { localisedText } from '../../../shared/format/localised-text';
import { paths } from '../../../shared/paths';
import { ListPager } from '../../../shared/ui/list-pager';
import { QueryState } from '../../../shared/ui/query-state';
import { fetchAllUses, useCodeUsage } from '../api/code-usage';
import { codeUsageCsv } from '../code-usage-csv';

const SEARCH_DEBOUNCE_MS = 300;

export function CodeUsagePage() {
  const { t, i18n } = useTranslation();
  const { ident = '' } = useParams();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const usage = useCodeUsage(ident, page, q);
  const [downloading, setDownloading] = useState(false);
  const set = usage.data?.access_code_set;
  const rows = usage.data?.rows ?? [];
  if (!usage.data) return <QueryState query={usage} />;

  const download = async () => {
    if (!set) return;
    setDownloading(true);
    try {
      const all = await fetchAllUses(ident, q);
      const csv = codeUsageCsv(all, {
        headings: [
          t('accessCodeSets.usage.code'),
          t('accessCodeSets.usage.usedAt'),
          t('accessCodeSets.usage.participant'),
          t('accessCodeSets.links.campaign'),
          t('accessCodeSets.fields.type'),
          t('accessCodeSets.links.id'),
        ],
        typeLabel: (type) => campaignTypeLabel(t, type as CampaignType),
        language: i18n.language,
        timeZone: displayTimeZone(),
      });
      downloadText(csv, `${set.internal_name}-codes.csv`);
    } catch (error) {
      // The client has alerted for a failed request; anything else is told here.
      if (!(error instanceof ApiError)) {
        notifyRequestError(t, error);
      }
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md" py="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('accessCodeSets.usage.title', { name: set?.name ?? '' })}</Title>
          {set && (
            <Anchor component={Link} to={paths.accessCodeSets.edit({ id: set.id })} size="sm">
              {t('accessCodeSets.usage.backToSet')}
            </Anchor>
          )}
        </div>
        {usage.isFetching && <Loader size="sm" aria-label={t('app.loading')} />}
      </Group>
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('accessCodeSets.usage.search')}
          placeholder={t('accessCodeSets.usage.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          miw={320}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={downloading}
          disabled={!set || rows.length === 0}
          onClick={() => void download()}
        >
          {t('accessCodeSets.usage.download')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={800}>
        <Table striped aria-label={t('accessCodeSets.usage.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('accessCodeSets.usage.code')}</Table.Th>
              <Table.Th>{t('accessCodeSets.usage.usedAt')}</Table.Th>
              <Table.Th>{t('accessCodeSets.usage.participant')}</Table.Th>
              <Table.Th>{t('accessCodeSets.links.campaign')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={`${row.code}-${row.used_at}-${index}`}>
                <Table.Td>
                  <Code>{row.code}</Code>
                </Table.Td>
                <Table.Td>{formatDateTime(row.used_at)}</Table.Td>
                <Table.Td>{row.participant ?? '—'}</Table.Td>
                <Table.Td>
                  {row.campaign ? (
                    <>
                      <Text size="sm" fw={600}>
                        {localisedText(row.campaign.title, i18n.language) || '—'}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {campaignTypeLabel(t, row.campaign.type)} · {row.campaign.ident}
                      </Text>
                    </>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {usage.isSuccess && rows.length === 0 && (
        <Text c="dimmed">
          {t(q ? 'accessCodeSets.usage.noneFound' : 'accessCodeSets.usage.none')}
        </Text>
      )}
      <Group justify="flex-end">
        <ListPager pager={usage.data?.pager} page={page} onPage={setPage} />
      </Group>
    </Stack>
  );
}

export { CodeUsagePage as Component };
