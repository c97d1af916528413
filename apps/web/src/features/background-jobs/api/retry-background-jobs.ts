/**
 * POST /admin/jobs/{queue}/retry (every failed job of the queue) and
 * /admin/jobs/{queue}/{id}/retry (one): the jobs run again; the answer says
 * how many (admins).
 */
import type { TJobRetryResult } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { BACKGROUND_JOBS_PATH, backgroundJobKeys } from './background-job-keys';

export interface RetryTarget {
  queue: string;
  /** One job; all failed jobs of the queue when left out. */
  id?: string;
}

export function retryBackgroundJobs({ queue, id }: RetryTarget): Promise<TJobRetryResult> {
  const job = id === undefined ? '' : `/${encodeURIComponent(id)}`;
  return apiRequestRequired<TJobRetryResult>({
    method: 'POST',
    path: `${BACKGROUND_JOBS_PATH}/${encodeURIComponent(queue)}${job}/retry`,
  });
}

export function useRetryBackgroundJobs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryBackgroundJobs,
    onSettled: () => queryClient.invalidateQueries({ queryKey: backgroundJobKeys.all }),
  });
}
