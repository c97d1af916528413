/** The status history of a campaign (docs/product.md#campaign-states: loaded on the review page). */
import { Card, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date-time';
import { StateNotice } from '../../../shared/ui/state-notice';
import { useStatusHistory } from '../api/get-status-history';

export function StatusHistory({ campaignIdent }: { campaignIdent: string }) {
  const { t } = useTranslation();
  const query = useStatusHistory(campaignIdent);
  const history = query.data?.history ?? [];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="status-history">
      <Title order={2} size="h4" id="status-history" mb="sm">
        {t('campaigns.overview.history')}
      </Title>
      {query.isPending && <StateNotice state="loading" size="inline" />}
      {query.isSuccess && history.length === 0 && (
        <StateNotice state="empty" text={t('campaigns.overview.historyEmpty')} size="inline" />
      )}
      {history.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-labelledby="status-history" data-testid="status-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('campaigns.overview.historyAt')}</Table.Th>
                <Table.Th>{t('campaigns.overview.historyFrom')}</Table.Th>
                <Table.Th>{t('campaigns.overview.historyTo')}</Table.Th>
                <Table.Th>{t('campaigns.overview.historyBy')}</Table.Th>
                <Table.Th>{t('campaigns.overview.historyReason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.map((entry) => (
                <Table.Tr key={`${entry.at}-${entry.to}`}>
                  <Table.Td>{formatDateTime(entry.at)}</Table.Td>
                  <Table.Td>
                    {entry.from
                      ? t(`campaigns.statuses.${entry.from}`)
                      : t('campaigns.values.none')}
                  </Table.Td>
                  <Table.Td>{t(`campaigns.statuses.${entry.to}`)}</Table.Td>
                  <Table.Td>{entry.by?.email ?? t('campaigns.overview.historySystem')}</Table.Td>
                  <Table.Td>{entry.reason ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
