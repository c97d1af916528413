/** POST {oauth.tokenUrl}: exchanges an authorization code for an access token (PKCE). */
import type { TTokenEndpointResponse } from '@backoffice/domain';
import { apiRequestRequired } from '../../../shared/api/plain-request';

export interface ExchangeCodeInput {
  tokenUrl: string;
  code: string;
  redirectUri: string;
  clientId: string;
  verifier: string;
}

/**
 * On the plain path, not the typed client: the token endpoint is the identity
 * provider's (an external one, too), configured by URL, form-encoded by
 * OAuth, and not part of the API's document.
 */
export function exchangeCode(input: ExchangeCodeInput): Promise<TTokenEndpointResponse> {
  return apiRequestRequired<TTokenEndpointResponse>({
    method: 'POST',
    base: 'url',
    path: input.tokenUrl,
    authenticated: false,
    form: new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      client_id: input.clientId,
      code_verifier: input.verifier,
    }),
  });
}
