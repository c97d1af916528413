/** GET /admin/jobs: each queue's numbers and the newest failed jobs (admins). */
import type { TJobsOverview } from '@backoffice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { backgroundJobKeys } from './background-job-keys';

/** How often the open screen asks again: jobs come and go by the second, nobody watches that closely. */
export const BACKGROUND_JOBS_REFETCH_MS = 15_000;

export function fetchBackgroundJobs(signal?: AbortSignal) {
  return answer<TJobsOverview>(api.GET('/api/admin/jobs', { signal }));
}

export const backgroundJobsQueryOptions = () =>
  queryOptions({
    queryKey: backgroundJobKeys.overview(),
    queryFn: ({ signal }) => fetchBackgroundJobs(signal),
    // Fresh when opened and while shown (not while the tab is in the background).
    staleTime: 0,
    refetchInterval: BACKGROUND_JOBS_REFETCH_MS,
  });

export function useBackgroundJobs() {
  return useQuery(backgroundJobsQueryOptions());
}
