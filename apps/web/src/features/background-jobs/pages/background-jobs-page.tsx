/**
 * /background-jobs (admins): the job queues with what waits, runs, failed
 * and was done in the last 24 hours, and the failed jobs (out of attempts)
 * with their last error. A failed job, or all of a queue's, can be retried;
 * the screen asks again every few seconds while it is open. Other users are
 * sent to please-upgrade.
 */
import { FAILED_JOBS_LIMIT, type TFailedJob } from '@backoffice/domain';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/ui/query-state';
import { StateNotice } from '../../../shared/ui/state-notice';
import { notifySuccess } from '../../../shared/ui/notify';
import { useBackgroundJobs } from '../api/get-background-jobs';
import { useRetryBackgroundJobs, type RetryTarget } from '../api/retry-background-jobs';
import { FailedJobsTable } from '../components/failed-jobs-table';
import { QueueTable } from '../components/queue-table';
import { queueLabel } from '../queue-label';

export function BackgroundJobsPage() {
  const { t } = useTranslation();
  const overview = useBackgroundJobs();
  const retry = useRetryBackgroundJobs();
  const pending = retry.isPending ? retry.variables : undefined;

  const onRetry = (target: RetryTarget) =>
    retry.mutate(target, {
      onSuccess: ({ retried }) =>
        notifySuccess(
          t('backgroundJobs.alerts.retried', {
            count: retried,
            queue: queueLabel(t, target.queue),
          }),
        ),
    });

  const data = overview.data;
  return (
    <Stack gap="md" py="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={1}>{t('backgroundJobs.title')}</Title>
          <Text c="dimmed" size="sm" maw={760}>
            {t('backgroundJobs.intro')}
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={overview.isFetching}
          onClick={() => void overview.refetch()}
        >
          {t('backgroundJobs.refresh')}
        </Button>
      </Group>

      {!data ? (
        <QueryState query={overview} />
      ) : (
        <>
          <Title order={2} size="h3">
            {t('backgroundJobs.queuesTitle')}
          </Title>
          <QueueTable
            queues={data.queues}
            retrying={pending && pending.id === undefined ? pending.queue : undefined}
            onRetry={(queue) => onRetry({ queue })}
          />

          <Title order={2} size="h3">
            {t('backgroundJobs.failedTitle')}
          </Title>
          {data.failed.length === 0 ? (
            <StateNotice state="empty" text={t('backgroundJobs.empty')} size="inline" />
          ) : (
            <>
              <FailedJobsTable
                jobs={data.failed}
                retrying={pending?.id}
                onRetry={(job: TFailedJob) => onRetry({ queue: job.queue, id: job.id })}
              />
              {data.failed.length >= FAILED_JOBS_LIMIT && (
                <Text size="sm" c="dimmed">
                  {t('backgroundJobs.failedLimit', { limit: FAILED_JOBS_LIMIT })}
                </Text>
              )}
            </>
          )}
        </>
      )}
    </Stack>
  );
}

export { BackgroundJobsPage as Component };
