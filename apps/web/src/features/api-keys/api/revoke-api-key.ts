/** DELETE /admin/api-keys/{id}: the key stops working at once (admins). */
import type { TApiKey } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { API_KEYS_PATH, apiKeyKeys } from './api-key-keys';

export function revokeApiKey(id: string): Promise<TApiKey> {
  return apiRequestRequired<TApiKey>({
    method: 'DELETE',
    path: `${API_KEYS_PATH}/${encodeURIComponent(id)}`,
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
