/**
 * GET {authApiUrl}/api/v2/my/tokens: fresh tokens for the signed-in user
 * (docs/product.md#api-calls). Called in the background and tried again after a failure, so a
 * failure shows no alert; a 401 ends the session.
 */
import type { TTokensResponse } from '@backoffice/domain';
import { answerOrSkip, api, call } from '../../../shared/api/client';

export function fetchMyTokens(): Promise<TTokensResponse | undefined> {
  return answerOrSkip<TTokensResponse>(api.GET('/api/v2/my/tokens', call({ silent: true })));
}

/** The token named like the configured realm, which replaces the stored one. */
export function tokenForRealm(response: TTokensResponse, realm: string): string | undefined {
  return response.tokens.find((entry) => entry.name === realm)?.token;
}
