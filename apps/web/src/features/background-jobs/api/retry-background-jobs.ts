/**
 * POST /admin/jobs/{queue}/retry (every failed job of the queue) and
 * /admin/jobs/{queue}/{id}/retry (one): the jobs run again; the answer says
 * how many (admins).
 */
import type { TJobRetryResult } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { backgroundJobKeys } from './background-job-keys';

export interface RetryTarget {
  queue: string;
  /** One job; all failed jobs of the queue when left out. */
  id?: string;
}

export function retryBackgroundJobs({ queue, id }: RetryTarget): Promise<TJobRetryResult> {
  return answer<TJobRetryResult>(
    id === undefined
      ? api.POST('/api/admin/jobs/{queue}/retry', { params: { path: { queue } } })
      : api.POST('/api/admin/jobs/{queue}/{id}/retry', { params: { path: { queue, id } } }),
  );
}

export function useRetryBackgroundJobs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryBackgroundJobs,
    onSettled: () => queryClient.invalidateQueries({ queryKey: backgroundJobKeys.all }),
  });
}
