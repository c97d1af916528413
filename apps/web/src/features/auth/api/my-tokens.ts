/** GET {authApiUrl}/api/v2/my/tokens: fresh tokens for the signed-in user (spec §7). */
import type { TTokensResponse } from '@backoffice/domain';
import { apiRequest } from '../../../shared/api/client';

export function fetchMyTokens(): Promise<TTokensResponse | undefined> {
  return apiRequest<TTokensResponse>({ base: 'auth', path: '/api/v2/my/tokens' });
}

/** The token named like the configured realm, which replaces the stored one. */
export function tokenForRealm(response: TTokensResponse, realm: string): string | undefined {
  return response.tokens.find((entry) => entry.name === realm)?.token;
}
