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
import { answer, api, call } from '../../../shared/api/client';

export const myPasswordKeys = { state: ['my-password', 'state'] as const };

/** Whether the item belongs in the menu; asked once the menu opens, quietly. */
export function useMyPasswordState(enabled: boolean) {
  return useQuery({
    queryKey: myPasswordKeys.state,
    queryFn: ({ signal }) =>
      answer<TMyPasswordState>(api.GET('/api/my/password', { signal, ...call({ silent: true }) })),
    enabled,
    staleTime: Infinity,
  });
}

export function useChangeMyPassword() {
  return useMutation({
    mutationFn: (body: TMyPasswordChangeBody) =>
      answer<TMyPasswordChanged>(
        api.POST('/api/my/password', {
          body,
          // Checking the policy may load its dictionaries first; refusals are the form's field messages.
          ...call({ timeoutMs: 20_000, quietStatuses: [400] }),
        }),
      ),
  });
}
