/** GET /admin/api-keys: every API key of the consumer app, newest first (admins). */
import type { TApiKeyList } from '@backoffice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { apiKeyKeys } from './api-key-keys';

export function fetchApiKeys(signal?: AbortSignal) {
  return answer<TApiKeyList>(api.GET('/api/admin/api-keys', { signal }));
}

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) => fetchApiKeys(signal),
  });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
