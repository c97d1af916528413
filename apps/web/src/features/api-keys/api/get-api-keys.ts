/** GET /admin/api-keys: every API key of the consumer app, newest first (admins). */
import type { TApiKey } from '@backoffice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { API_KEYS_PATH, apiKeyKeys } from './api-key-keys';

export function fetchApiKeys(signal?: AbortSignal) {
  return apiRequestRequired<{ keys: TApiKey[] }>({
    path: API_KEYS_PATH,
    ...(signal ? { signal } : {}),
  });
}

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) => fetchApiKeys(signal),
  });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
