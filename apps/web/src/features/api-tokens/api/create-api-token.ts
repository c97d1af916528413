/** POST /merchants/{id}/api-tokens: a new token; its secret is in this answer only. */
import type { TApiTokenCreateBody, TApiTokenCreated } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api, call } from '../../../shared/api/client';
import { API_TOKEN_HANDLED_STATUSES, apiTokenKeys } from './api-token-keys';

export function createApiToken(
  merchantId: string,
  body: TApiTokenCreateBody,
): Promise<TApiTokenCreated> {
  return answer<TApiTokenCreated>(
    api.POST('/api/merchants/{id}/api-tokens', {
      params: { path: { id: merchantId } },
      body,
      ...call({ quietStatuses: API_TOKEN_HANDLED_STATUSES }),
    }),
  );
}

export function useCreateApiToken(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TApiTokenCreateBody) => createApiToken(merchantId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.list(merchantId) }),
  });
}
