/** POST /init-user: the session bootstrap after sign-in (docs/product.md#api-calls "Auth and session"). */
import type { TInitUserResponse } from '@backoffice/domain';
import { apiRequestRequired } from '../api/client';

export function initUser(): Promise<TInitUserResponse> {
  return apiRequestRequired<TInitUserResponse>({ method: 'POST', path: '/init-user' });
}
