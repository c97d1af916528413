/** POST /init-user: the session bootstrap after sign-in (docs/product.md#api-calls "Auth and session"). */
import type { TInitUserResponse } from '@backoffice/domain';
import { answer, api } from '../api/client';

export function initUser(): Promise<TInitUserResponse> {
  return answer<TInitUserResponse>(api.POST('/api/init-user'));
}
