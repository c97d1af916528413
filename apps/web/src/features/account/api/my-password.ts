/**
 * GET /my/password: whether the signed-in person has a password here they
 * can change (not for accounts of an external provider); POST /my/password:
 * the change, whose refusals (a wrong current password, the policy) the
 * form shows on their fields.
 */
import type {
  TMyPasswordChangeBody,
  TMyPasswordChanged,
  TMyPasswordState,
} from '@backoffice/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';

const MY_PASSWORD_PATH = '/my/password';

export const myPasswordKeys = { state: ['my-password', 'state'] as const };

/** Whether the item belongs in the menu; asked once the menu opens, quietly. */
export function useMyPasswordState(enabled: boolean) {
  return useQuery({
    queryKey: myPasswordKeys.state,
    queryFn: ({ signal }) =>
      apiRequestRequired<TMyPasswordState>({ path: MY_PASSWORD_PATH, signal, silent: true }),
    enabled,
    staleTime: Infinity,
  });
}

export function useChangeMyPassword() {
  return useMutation({
    mutationFn: (body: TMyPasswordChangeBody) =>
      apiRequestRequired<TMyPasswordChanged>({
        method: 'POST',
        path: MY_PASSWORD_PATH,
        json: body,
        // Checking the policy may load its dictionaries first.
        timeoutMs: 20_000,
        // Refusals are the form's field messages.
        quietStatuses: [400],
      }),
  });
}
