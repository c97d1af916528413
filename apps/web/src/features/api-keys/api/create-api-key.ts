/** POST /admin/api-keys: a new key; its secret is in this answer only (admins). */
import type { TApiKeyCreated } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { apiKeyKeys } from './api-key-keys';

export function createApiKey(name: string): Promise<TApiKeyCreated> {
  return answer<TApiKeyCreated>(api.POST('/api/admin/api-keys', { body: { name } }));
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
