/** POST /my/sessions/end-others: signs every other device of the account out; this one stays. */
import type { TSessionsEnded } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { MY_SESSIONS_PATH, deviceKeys } from './device-keys';

export function endOtherSessions(): Promise<TSessionsEnded> {
  return apiRequestRequired<TSessionsEnded>({
    method: 'POST',
    path: `${MY_SESSIONS_PATH}/end-others`,
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
