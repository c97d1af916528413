/** The failed jobs, newest first: queue, last error, attempts, when; each with its retry. */
import type { TFailedJob } from '@backoffice/domain';
import { Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date-time';
import { RowAction } from '../../../shared/ui/row-action';
import { DataTable, dataColumns } from '../../../shared/ui/data-table';
import { queueLabel } from '../queue-label';

interface FailedJobsTableProps {
  jobs: readonly TFailedJob[];
  /** The job whose retry is under way, if any. */
  retrying: string | undefined;
  onRetry: (job: TFailedJob) => void;
}

const column = dataColumns<TFailedJob>();

export function FailedJobsTable({ jobs, retrying, onRetry }: FailedJobsTableProps) {
  const { t } = useTranslation();
  const columns = column.columns([
    column.accessor((job) => queueLabel(t, job.queue), {
      id: 'queue',
      header: t('backgroundJobs.columns.queue'),
      meta: { strong: true, nowrap: true },
    }),
    column.accessor('error', {
      header: t('backgroundJobs.columns.error'),
      cell: ({ row: { original: job } }) => (
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {job.error}
        </Text>
      ),
    }),
    column.accessor('attempts', {
      header: t('backgroundJobs.columns.attempts'),
      meta: { align: 'right' },
    }),
    column.accessor('failed_at', {
      header: t('backgroundJobs.columns.failedAt'),
      meta: { nowrap: true },
      cell: ({ row: { original: job } }) => (
        <>
          <Text size="sm">{formatDateTime(job.failed_at)}</Text>
          <Text size="xs" c="dimmed">
            {t('backgroundJobs.createdAt', { date: formatDateTime(job.created_at) })}
          </Text>
        </>
      ),
    }),
    column.display({
      id: 'actions',
      header: t('backgroundJobs.columns.actions'),
      cell: ({ row: { original: job } }) => (
        <RowAction
          label={t('backgroundJobs.retry.job')}
          named={t('backgroundJobs.retry.jobNamed', {
            queue: queueLabel(t, job.queue),
            date: formatDateTime(job.failed_at),
          })}
          icon={IconRefresh}
          loading={retrying === job.id}
          onClick={() => onRetry(job)}
        />
      ),
    }),
  ]);
  return (
    <DataTable
      label={t('backgroundJobs.failedLabel')}
      columns={columns}
      rows={jobs}
      rowKey={(job) => job.id}
      rowAttributes={(job) => ({ 'data-testid': 'failed-job-row', 'data-job': job.id })}
      minWidth={860}
    />
  );
}
