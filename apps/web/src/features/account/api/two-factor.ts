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
import { apiRequestRequired } from '../../../shared/api/client';

const PATH = '/my/two-factor';
const QUIET = [400, 409] as const;
export const twoFactorKeys = { status: ['my', 'two-factor'] as const };

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorKeys.status,
    queryFn: ({ signal }) => apiRequestRequired<TTwoFactorStatus>({ path: PATH, signal }),
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
  useTwoFactorMutation(() =>
    apiRequestRequired<TTwoFactorSetup>({ method: 'POST', path: `${PATH}/setup` }),
  );

export const useConfirmSetup = () =>
  useTwoFactorMutation((code: string) =>
    apiRequestRequired<TRecoveryCodes>({
      method: 'POST',
      path: `${PATH}/confirm`,
      json: { code },
      quietStatuses: QUIET,
    }),
  );

export const useRenewRecoveryCodes = () =>
  useTwoFactorMutation(() =>
    apiRequestRequired<TRecoveryCodes>({ method: 'POST', path: `${PATH}/recovery-codes` }),
  );

export const useDisableTwoFactor = () =>
  useTwoFactorMutation((body: TTwoFactorDisableBody) =>
    apiRequestRequired<TTwoFactorStatus>({
      method: 'POST',
      path: `${PATH}/disable`,
      json: body,
      quietStatuses: QUIET,
    }),
  );
