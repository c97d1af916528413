/** POST /my/sessions/end-others: signs every other device of the account out; this one stays. */
import type { TSessionsEnded } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { deviceKeys } from './device-keys';

export function endOtherSessions(): Promise<TSessionsEnded> {
  return answer<TSessionsEnded>(api.POST('/api/my/sessions/end-others'));
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
