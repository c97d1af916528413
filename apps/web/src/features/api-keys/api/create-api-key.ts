/** POST /admin/api-keys: a new key; its secret is in this answer only (admins). */
import type { TApiKeyCreated } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { API_KEYS_PATH, apiKeyKeys } from './api-key-keys';

export function createApiKey(name: string): Promise<TApiKeyCreated> {
  return apiRequestRequired<TApiKeyCreated>({
    method: 'POST',
    path: API_KEYS_PATH,
    json: { name },
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
