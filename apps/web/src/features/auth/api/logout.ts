/**
 * Logout's call to the server: the stored token is revoked at the
 * provider's revocation endpoint (RFC 7009, `oauth.revocationUrl`), which
 * ends its server-side session, so that it and every token renewed from it
 * stop working. Without a revocation endpoint (an external provider) it is
 * POST {apiUrl}/session/logout. Without a token there is nothing to end (the
 * call is skipped).
 */
import { answerOrSkip, api, call } from '../../../shared/api/client';
import { apiRequest } from '../../../shared/api/plain-request';
import { getConfig } from '../../../shared/config/runtime-config';
import { getStoredToken } from '../token-storage';

export async function endServerSession(): Promise<void> {
  const { revocationUrl, clientId } = getConfig().oauth;
  const stored = getStoredToken();
  if (revocationUrl && stored) {
    // Any token gets 200 (an ended session's too); the caller forgets the token either way.
    // The plain path: the identity provider's form-encoded endpoint (RFC 7009), configured by
    // URL and not part of the API's document.
    await apiRequest<unknown>({
      method: 'POST',
      base: 'url',
      path: revocationUrl,
      authenticated: false,
      form: new URLSearchParams({
        token: stored.token,
        token_type_hint: 'access_token',
        client_id: clientId,
      }),
    });
    return;
  }
  // 401: the session has ended already; the caller forgets the token either way.
  await answerOrSkip(api.POST('/api/session/logout', call({ quietStatuses: [401] })));
}
