/** DELETE /api-tokens/{id}: the token stops working at once; it stays listed as revoked. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerNoContent, api } from '../../../shared/api/client';
import { apiTokenKeys } from './api-token-keys';

export function revokeApiToken(id: string): Promise<void> {
  return answerNoContent(api.DELETE('/api/api-tokens/{id}', { params: { path: { id } } }));
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
