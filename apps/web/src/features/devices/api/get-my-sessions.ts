/** GET /my/sessions: the account's live sessions, newest sign-in first, the asking one marked. */
import type { TMySessionList } from '@backoffice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { MY_SESSIONS_PATH, deviceKeys } from './device-keys';

export function fetchMySessions(signal?: AbortSignal) {
  return apiRequestRequired<TMySessionList>({
    path: MY_SESSIONS_PATH,
    ...(signal ? { signal } : {}),
  });
}

export const mySessionsQueryOptions = () =>
  queryOptions({
    queryKey: deviceKeys.list(),
    queryFn: ({ signal }) => fetchMySessions(signal),
  });

export function useMySessions() {
  return useQuery(mySessionsQueryOptions());
}
