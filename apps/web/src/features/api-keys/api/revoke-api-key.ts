/** DELETE /admin/api-keys/{id}: the key stops working at once (admins). */
import type { TApiKey } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { apiKeyKeys } from './api-key-keys';

export function revokeApiKey(id: string): Promise<TApiKey> {
  return answer<TApiKey>(api.DELETE('/api/admin/api-keys/{id}', { params: { path: { id } } }));
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
