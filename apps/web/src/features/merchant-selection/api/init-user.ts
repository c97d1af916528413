/** POST /init-user: the session bootstrap after sign-in (spec §7 "Auth and session"). */
import type { TInitUserResponse } from '@backoffice/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';

export function initUser(): Promise<TInitUserResponse> {
  return apiRequestRequired<TInitUserResponse>({ method: 'POST', path: '/init-user' });
}

export function useInitUser() {
  return useMutation({ mutationFn: initUser });
}
