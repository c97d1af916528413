/** GET /merchants/{id}/api-tokens: a merchant's tokens, newest first, revoked and expired ones included. */
import type { TApiTokenList } from '@backoffice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { apiTokenKeys } from './api-token-keys';

export function fetchApiTokens(merchantId: string, signal?: AbortSignal) {
  return answer<TApiTokenList>(
    api.GET('/api/merchants/{id}/api-tokens', {
      params: { path: { id: merchantId } },
      signal,
    }),
  );
}

export const apiTokensQueryOptions = (merchantId: string) =>
  queryOptions({
    queryKey: apiTokenKeys.list(merchantId),
    queryFn: ({ signal }) => fetchApiTokens(merchantId, signal),
  });

export function useApiTokens(merchantId: string) {
  return useQuery(apiTokensQueryOptions(merchantId));
}
