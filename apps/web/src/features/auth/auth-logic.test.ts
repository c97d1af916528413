import { describe, expect, it } from 'vitest';
import { base64UrlEncode, decodeJwtPayload, jwtExpiresAt, jwtLifetimeSeconds } from './jwt';
import { parsePostback } from './postback';
import { buildAuthorizeUrl, redirectUriFor } from './sign-in';
import { safeTargetPath } from './token-storage';
import { refreshDelayMs } from './use-token-refresh';
import { testRuntimeConfig } from '../../shared/testing/runtime-config';

const defaults = testRuntimeConfig();
const config = testRuntimeConfig({
  appName: 'Back-Office',
  authApiUrl: '',
  oauth: { ...defaults.oauth, clientId: 'backoffice', loginHint: 'demo@example.com' },
  availableLocales: ['de-DE', 'en-GB'],
  tokenRefreshLeewaySeconds: 10,
});

function jwt(payload: object): string {
  const part = (value: object) => base64UrlEncode(new TextEncoder().encode(JSON.stringify(value)));
  return `${part({ alg: 'RS256' })}.${part(payload)}.signature`;
}

describe('jwt', () => {
  it('reads the payload and the expiry', () => {
    const token = jwt({ sub: 'u1', exp: 2_000_000_000, email: 'jürgen@example.com' });
    expect(decodeJwtPayload(token)?.['email']).toBe('jürgen@example.com');
    expect(jwtExpiresAt(token)).toBe(2_000_000_000_000);
  });

  it('reads the lifetime as exp − iat, on the issuer’s clock', () => {
    const exp = 2_000_000_000;
    expect(jwtLifetimeSeconds(jwt({ sub: 'u1', iat: exp - 3600, exp }))).toBe(3600);
    expect(jwtLifetimeSeconds(jwt({ sub: 'u1', exp }))).toBeUndefined();
    expect(jwtLifetimeSeconds(jwt({ sub: 'u1', iat: String(exp - 3600), exp }))).toBeUndefined();
  });

  it('rejects what is not a JWT', () => {
    expect(decodeJwtPayload('opaque')).toBeUndefined();
    expect(decodeJwtPayload('a.%%%.c')).toBeUndefined();
    expect(jwtExpiresAt(jwt({ sub: 'u1' }))).toBeUndefined();
  });
});

describe('sign-in', () => {
  it('asks for a code with PKCE by default', () => {
    const url = new URL(
      buildAuthorizeUrl(config, 'https://bo.example', { state: 's1', codeChallenge: 'c1' }),
    );
    expect(url.origin + url.pathname).toBe('https://bo.example/identity/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'backoffice',
      redirect_uri: 'https://bo.example/oauth2/postback',
      scope: 'base',
      state: 's1',
      login_hint: 'demo@example.com',
      code_challenge: 'c1',
      code_challenge_method: 'S256',
    });
  });

  it('asks for a token in the implicit flow', () => {
    const implicit = { ...config, oauth: { ...config.oauth, flow: 'implicit' as const } };
    const url = new URL(buildAuthorizeUrl(implicit, 'https://bo.example', { state: 's1' }));
    expect(url.searchParams.get('response_type')).toBe('token');
    expect(url.searchParams.has('code_challenge')).toBe(false);
  });

  it('keeps the query of the configured authorize URL (an external provider’s audience)', () => {
    const authorizeUrl = 'https://tenant.auth0.com/authorize?audience=campaign-backoffice';
    const external = { ...config, oauth: { ...config.oauth, authorizeUrl } };
    const url = new URL(buildAuthorizeUrl(external, 'https://bo.example', { state: 's1' }));
    expect(url.origin + url.pathname).toBe('https://tenant.auth0.com/authorize');
    expect(url.searchParams.get('audience')).toBe('campaign-backoffice');
    expect(url.searchParams.get('state')).toBe('s1');
  });

  it('uses a configured redirect URI', () => {
    const custom = { ...config, oauth: { ...config.oauth, redirectUri: 'https://x/cb' } };
    expect(redirectUriFor(custom, 'https://bo.example')).toBe('https://x/cb');
  });
});

describe('postback', () => {
  it('reads a token from the fragment', () => {
    expect(
      parsePostback('', '#access_token=t1&token_type=Bearer&expires_in=3600&state=s1'),
    ).toEqual({ kind: 'token', accessToken: 't1', expiresIn: 3600, state: 's1' });
  });

  it('reads a code from the query', () => {
    expect(parsePostback('?code=c1&state=s1', '')).toEqual({
      kind: 'code',
      code: 'c1',
      state: 's1',
    });
  });

  it('reads errors from either place', () => {
    expect(parsePostback('?error=access_denied&state=s1', '')).toMatchObject({ kind: 'error' });
    expect(parsePostback('', '#error=access_denied')).toMatchObject({ kind: 'error' });
  });

  it('reports nothing for an empty answer', () => {
    expect(parsePostback('', '')).toEqual({ kind: 'none' });
  });
});

describe('target path', () => {
  it('accepts paths of this app only', () => {
    expect(safeTargetPath('/x/campaigns/list?filter_status=created')).toBe(
      '/x/campaigns/list?filter_status=created',
    );
    expect(safeTargetPath('https://evil.example/')).toBe('/');
    expect(safeTargetPath('//evil.example/')).toBe('/');
    expect(safeTargetPath('/oauth2/postback')).toBe('/');
    expect(safeTargetPath(null)).toBe('/');
  });
});

describe('token refresh', () => {
  it('fires the leeway before expiry, at once when already inside it', () => {
    expect(refreshDelayMs(100_000, 10, 0)).toBe(90_000);
    expect(refreshDelayMs(5_000, 10, 0)).toBe(0);
  });
});
