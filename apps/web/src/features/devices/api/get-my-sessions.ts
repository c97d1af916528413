/** GET /my/sessions: the account's live sessions, newest sign-in first, the asking one marked. */
import type { TMySessionList } from '@backoffice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { deviceKeys } from './device-keys';

export function fetchMySessions(signal?: AbortSignal) {
  return answer<TMySessionList>(api.GET('/api/my/sessions', { signal }));
}

export const mySessionsQueryOptions = () =>
  queryOptions({
    queryKey: deviceKeys.list(),
    queryFn: ({ signal }) => fetchMySessions(signal),
  });

export function useMySessions() {
  return useQuery(mySessionsQueryOptions());
}
