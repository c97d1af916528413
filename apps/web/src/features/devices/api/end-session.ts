/** DELETE /my/sessions/{id}: signs one of the account's devices out (its tokens stop at once). */
import type { TSessionsEnded } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { MY_SESSIONS_PATH, deviceKeys } from './device-keys';

export function endSession(id: string): Promise<TSessionsEnded> {
  return apiRequestRequired<TSessionsEnded>({
    method: 'DELETE',
    path: `${MY_SESSIONS_PATH}/${encodeURIComponent(id)}`,
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
