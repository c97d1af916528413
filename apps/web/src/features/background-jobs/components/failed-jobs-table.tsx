/** The failed jobs, newest first: queue, last error, attempts, when; each with its retry. */
import type { TFailedJob } from '@backoffice/domain';
import { Button, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date-time';
import { queueLabel } from '../queue-label';

interface FailedJobsTableProps {
  jobs: readonly TFailedJob[];
  /** The job whose retry is under way, if any. */
  retrying: string | undefined;
  onRetry: (job: TFailedJob) => void;
}

export function FailedJobsTable({ jobs, retrying, onRetry }: FailedJobsTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped verticalSpacing="sm" aria-label={t('backgroundJobs.failedLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('backgroundJobs.columns.queue')}</Table.Th>
            <Table.Th>{t('backgroundJobs.columns.error')}</Table.Th>
            <Table.Th ta="right">{t('backgroundJobs.columns.attempts')}</Table.Th>
            <Table.Th>{t('backgroundJobs.columns.failedAt')}</Table.Th>
            <Table.Th>{t('backgroundJobs.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => {
            const label = queueLabel(t, job.queue);
            const failedAt = formatDateTime(job.failed_at);
            return (
              <Table.Tr key={job.id} data-testid="failed-job-row" data-job={job.id}>
                <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {label}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {job.error}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{job.attempts}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{failedAt}</Text>
                  <Text size="xs" c="dimmed">
                    {t('backgroundJobs.createdAt', { date: formatDateTime(job.created_at) })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconRefresh size={14} aria-hidden />}
                    aria-label={t('backgroundJobs.retry.jobNamed', {
                      queue: label,
                      date: failedAt,
                    })}
                    loading={retrying === job.id}
                    onClick={() => onRetry(job)}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {t('backgroundJobs.retry.job')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
