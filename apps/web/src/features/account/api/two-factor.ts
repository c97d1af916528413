/**
 * The caller's two-factor sign-in (GET/POST /my/two-factor…): its state, a
 * set-up begun and confirmed, new recovery codes, turning it off. Wrong
 * codes (400) and a set-up in another state (409) answer quietly: the page
 * says it at its field.
 */
import type {
  TRecoveryCodes,
  TTwoFactorDisableBody,
  TTwoFactorSetup,
  TTwoFactorStatus,
} from '@backoffice/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, call } from '../../../shared/api/client';

const QUIET = [400, 409] as const;
export const twoFactorKeys = { status: ['my', 'two-factor'] as const };

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorKeys.status,
    queryFn: ({ signal }) => answer<TTwoFactorStatus>(api.GET('/api/my/two-factor', { signal })),
  });
}

function useTwoFactorMutation<TVariables, TResult>(
  request: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}

export const useStartSetup = () =>
  useTwoFactorMutation(() => answer<TTwoFactorSetup>(api.POST('/api/my/two-factor/setup')));

export const useConfirmSetup = () =>
  useTwoFactorMutation((code: string) =>
    answer<TRecoveryCodes>(
      api.POST('/api/my/two-factor/confirm', { body: { code }, ...call({ quietStatuses: QUIET }) }),
    ),
  );

export const useRenewRecoveryCodes = () =>
  useTwoFactorMutation(() => answer<TRecoveryCodes>(api.POST('/api/my/two-factor/recovery-codes')));

export const useDisableTwoFactor = () =>
  useTwoFactorMutation((body: TTwoFactorDisableBody) =>
    answer<TTwoFactorStatus>(
      api.POST('/api/my/two-factor/disable', { body, ...call({ quietStatuses: QUIET }) }),
    ),
  );
