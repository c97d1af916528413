/** Each queue with its numbers, and a retry of its failed jobs where it has any. */
import type { TJobQueueCounts } from '@backoffice/domain';
import { Badge, Code, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../../shared/ui/row-action';
import { DataTable, dataColumns } from '../../../shared/ui/data-table';
import { queueLabel } from '../queue-label';

interface QueueTableProps {
  queues: readonly TJobQueueCounts[];
  /** The queue whose retry is under way, if any. */
  retrying: string | undefined;
  onRetry: (queue: string) => void;
}

const column = dataColumns<TJobQueueCounts>();
const NUMBER = { align: 'right' } as const;

export function QueueTable({ queues, retrying, onRetry }: QueueTableProps) {
  const { t } = useTranslation();
  const columns = column.columns([
    column.accessor('name', {
      header: t('backgroundJobs.columns.queue'),
      cell: ({ row: { original: queue } }) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {queueLabel(t, queue.name)}
          </Text>
          <Code fz="xs" w="fit-content">
            {queue.name}
          </Code>
        </Stack>
      ),
    }),
    column.accessor('waiting', { header: t('backgroundJobs.columns.waiting'), meta: NUMBER }),
    column.accessor('running', { header: t('backgroundJobs.columns.running'), meta: NUMBER }),
    column.accessor('failed', {
      header: t('backgroundJobs.columns.failed'),
      meta: NUMBER,
      cell: ({ row: { original: queue } }) =>
        queue.failed > 0 ? (
          <Badge color="red" variant="light">
            {queue.failed}
          </Badge>
        ) : (
          queue.failed
        ),
    }),
    column.accessor('completed_last_24h', {
      header: t('backgroundJobs.columns.completed'),
      meta: NUMBER,
    }),
    column.display({
      id: 'actions',
      header: t('backgroundJobs.columns.actions'),
      cell: ({ row: { original: queue } }) =>
        queue.failed > 0 && (
          <RowAction
            label={t('backgroundJobs.retry.queue', { count: queue.failed })}
            named={t('backgroundJobs.retry.queueNamed', {
              count: queue.failed,
              queue: queueLabel(t, queue.name),
            })}
            icon={IconRefresh}
            loading={retrying === queue.name}
            onClick={() => onRetry(queue.name)}
          />
        ),
    }),
  ]);
  return (
    <DataTable
      label={t('backgroundJobs.queuesLabel')}
      columns={columns}
      rows={queues}
      rowKey={(queue) => queue.name}
      rowAttributes={(queue) => ({ 'data-testid': 'job-queue-row', 'data-queue': queue.name })}
      verticalSpacing="xs"
      minWidth={760}
    />
  );
}
