/** DELETE /my/sessions/{id}: signs one of the account's devices out (its tokens stop at once). */
import type { TSessionsEnded } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { deviceKeys } from './device-keys';

export function endSession(id: string): Promise<TSessionsEnded> {
  return answer<TSessionsEnded>(api.DELETE('/api/my/sessions/{id}', { params: { path: { id } } }));
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
