// @vitest-environment jsdom
/**
 * Logout's call to the server: the built-in provider's revocation endpoint
 * (RFC 7009) with the stored token; without one (an external provider) the
 * API's session logout.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../../shared/api/auth-hooks';
import { setRuntimeConfig } from '../../../shared/config/runtime-config';
import { testRuntimeConfig } from '../../../shared/testing/runtime-config';
import { clearToken, getValidToken, storeToken } from '../token-storage';
import { endServerSession } from './logout';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(new Response(null, { status: 200 }));
  storeToken('stored-token', 3_600);
  // As the app wires it: the API's calls carry the stored token.
  configureApiAuth({ getToken: getValidToken, onUnauthorized: () => undefined });
});
afterEach(() => {
  clearToken();
  vi.unstubAllGlobals();
});

describe('endServerSession', () => {
  it('revokes the stored token at the provider’s revocation endpoint', async () => {
    setRuntimeConfig(testRuntimeConfig());
    await endServerSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/identity/revoke');
    expect(init?.method).toBe('POST');
    const form = new URLSearchParams(init?.body instanceof URLSearchParams ? init.body : undefined);
    expect(Object.fromEntries(form)).toEqual({
      token: 'stored-token',
      token_type_hint: 'access_token',
      client_id: 'backoffice-web',
    });
    // The token goes in the form only: the endpoint takes no bearer header.
    expect(new Headers(init?.headers).get('authorization')).toBeNull();
  });

  it('ends the session through the API where the provider has no revocation endpoint', async () => {
    const config = testRuntimeConfig();
    setRuntimeConfig({ ...config, oauth: { ...config.oauth, revocationUrl: '' } });
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ ended: false }), { status: 200 }));
    await endServerSession();
    const [request] = fetchMock.mock.calls[0] ?? [];
    expect(request).toBeInstanceOf(Request);
    if (!(request instanceof Request)) return;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/session/logout');
    expect(request.headers.get('authorization')).toBe('Bearer stored-token');
  });

  it('calls nothing without a token', async () => {
    setRuntimeConfig(testRuntimeConfig());
    clearToken();
    await endServerSession();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
