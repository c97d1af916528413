/** Each queue with its numbers, and a retry of its failed jobs where it has any. */
import type { TJobQueueCounts } from '@backoffice/domain';
import { Badge, Button, Code, Stack, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { queueLabel } from '../queue-label';

interface QueueTableProps {
  queues: readonly TJobQueueCounts[];
  /** The queue whose retry is under way, if any. */
  retrying: string | undefined;
  onRetry: (queue: string) => void;
}

export function QueueTable({ queues, retrying, onRetry }: QueueTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="xs" aria-label={t('backgroundJobs.queuesLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('backgroundJobs.columns.queue')}</Table.Th>
            <Table.Th ta="right">{t('backgroundJobs.columns.waiting')}</Table.Th>
            <Table.Th ta="right">{t('backgroundJobs.columns.running')}</Table.Th>
            <Table.Th ta="right">{t('backgroundJobs.columns.failed')}</Table.Th>
            <Table.Th ta="right">{t('backgroundJobs.columns.completed')}</Table.Th>
            <Table.Th>{t('backgroundJobs.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {queues.map((queue) => {
            const label = queueLabel(t, queue.name);
            return (
              <Table.Tr key={queue.name} data-testid="job-queue-row" data-queue={queue.name}>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {label}
                    </Text>
                    <Code fz="xs" w="fit-content">
                      {queue.name}
                    </Code>
                  </Stack>
                </Table.Td>
                <Table.Td ta="right">{queue.waiting}</Table.Td>
                <Table.Td ta="right">{queue.running}</Table.Td>
                <Table.Td ta="right">
                  {queue.failed > 0 ? (
                    <Badge color="red" variant="light">
                      {queue.failed}
                    </Badge>
                  ) : (
                    queue.failed
                  )}
                </Table.Td>
                <Table.Td ta="right">{queue.completed_last_24h}</Table.Td>
                <Table.Td>
                  {queue.failed > 0 && (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconRefresh size={14} aria-hidden />}
                      aria-label={t('backgroundJobs.retry.queueNamed', {
                        count: queue.failed,
                        queue: label,
                      })}
                      loading={retrying === queue.name}
                      onClick={() => onRetry(queue.name)}
                    >
                      {t('backgroundJobs.retry.queue', { count: queue.failed })}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
