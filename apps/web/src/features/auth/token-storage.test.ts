// @vitest-environment jsdom
/**
 * The stored token's expiry is local time: the moment the token arrived plus
 * its lifetime (exp − iat, or the answer's expires_in), so that a browser
 * clock that is off (a wrong time zone with the wall clock set by hand) does
 * not refuse fresh tokens or plan the refresh after the token has expired on
 * the server. After a reload the stored expiry is what counts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../shared/storage';
import { base64UrlEncode } from './jwt';
import { clearToken, getStoredToken, getValidToken, storeToken } from './token-storage';
import { refreshDelayMs } from './use-token-refresh';

const LEEWAY_SECONDS = 600;
const TTL_SECONDS = 3600;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The server's clock when it signs the tokens of these tests. */
const SERVER_NOW = Date.UTC(2026, 9, 25, 12, 0, 0);

function jwt(payload: object): string {
  const part = (value: object) => base64UrlEncode(new TextEncoder().encode(JSON.stringify(value)));
  return `${part({ alg: 'ES256', typ: 'at+jwt' })}.${part(payload)}.sig`;
}

/** A token as the provider signs it at `serverNow` (ms): iat, exp one TTL later. */
function tokenIssuedAt(serverNow: number, ttlSeconds = TTL_SECONDS): string {
  const iat = Math.floor(serverNow / 1000);
  return jwt({ sub: 'u', iat, exp: iat + ttlSeconds });
}

afterEach(() => {
  clearToken();
});

describe('storeToken with a browser clock that is off', () => {
  it('accepts a freshly issued token on a computer whose clock runs two hours ahead', () => {
    const clientNow = SERVER_NOW + 2 * HOUR;
    expect(storeToken(tokenIssuedAt(SERVER_NOW), TTL_SECONDS, clientNow)).toBe(true);
    expect(getStoredToken()?.expiresAt).toBe(clientNow + TTL_SECONDS * 1000);
  });

  it('plans the refresh before the token expires on the server when the browser clock is behind', () => {
    const clientNow = SERVER_NOW - 20 * MINUTE;
    storeToken(tokenIssuedAt(SERVER_NOW), TTL_SECONDS, clientNow);
    const delay = refreshDelayMs(getStoredToken()?.expiresAt ?? 0, LEEWAY_SECONDS, clientNow);
    // The refresh must run while the token is still valid: within TTL − leeway of receiving it.
    expect(delay).toBeLessThanOrEqual((TTL_SECONDS - LEEWAY_SECONDS) * 1000);
  });

  it('gives a refreshed token (no expires_in) its lifetime exp − iat from its arrival', () => {
    const clientNow = SERVER_NOW + 2 * HOUR;
    expect(storeToken(tokenIssuedAt(SERVER_NOW), undefined, clientNow)).toBe(true);
    expect(getStoredToken()?.expiresAt).toBe(clientNow + TTL_SECONDS * 1000);
    expect(getValidToken(clientNow + TTL_SECONDS * 1000 - 1)).toBeDefined();
    expect(getValidToken(clientNow + TTL_SECONDS * 1000)).toBeUndefined();
  });
});

describe('the lifetime of a stored token', () => {
  it('takes the shorter of exp − iat and expires_in', () => {
    const token = tokenIssuedAt(SERVER_NOW);
    expect(storeToken(token, 1800, SERVER_NOW)).toBe(true);
    expect(getStoredToken()?.expiresAt).toBe(SERVER_NOW + 1800 * 1000);
    expect(storeToken(token, 7200, SERVER_NOW)).toBe(true);
    expect(getStoredToken()?.expiresAt).toBe(SERVER_NOW + TTL_SECONDS * 1000);
  });

  it('takes expires_in for a token that is not a JWT, and refuses one without it', () => {
    expect(storeToken('opaque-token', 600, SERVER_NOW)).toBe(true);
    expect(getStoredToken()).toEqual({ token: 'opaque-token', expiresAt: SERVER_NOW + 600_000 });
    clearToken();
    expect(storeToken('opaque-token', undefined, SERVER_NOW)).toBe(false);
    expect(storeToken('opaque-token', 0, SERVER_NOW)).toBe(false);
    expect(getStoredToken()).toBeUndefined();
  });

  it('refuses a JWT whose exp is not after its iat', () => {
    const iat = Math.floor(SERVER_NOW / 1000);
    expect(storeToken(jwt({ sub: 'u', iat, exp: iat }), undefined, SERVER_NOW)).toBe(false);
    expect(storeToken(jwt({ sub: 'u', iat, exp: iat - 60 }), 3600, SERVER_NOW)).toBe(false);
    expect(getStoredToken()).toBeUndefined();
  });

  it('falls back to exp against the local clock for a JWT without iat and expires_in', () => {
    const exp = Math.floor(SERVER_NOW / 1000) + TTL_SECONDS;
    expect(storeToken(jwt({ sub: 'u', exp }), undefined, SERVER_NOW)).toBe(true);
    expect(getStoredToken()?.expiresAt).toBe(exp * 1000);
    expect(storeToken(jwt({ sub: 'u', exp }), undefined, exp * 1000)).toBe(false);
  });
});

describe('a stored token after a reload', () => {
  async function reload() {
    vi.resetModules();
    return import('./token-storage');
  }

  it('expires one lifetime after it arrived, by the stored local expiry, with the clock behind', async () => {
    const clientNow = SERVER_NOW - 20 * MINUTE;
    const token = tokenIssuedAt(SERVER_NOW);
    storeToken(token, undefined, clientNow);

    const reloaded = await reload();
    expect(reloaded.getStoredToken()).toEqual({
      token,
      expiresAt: clientNow + TTL_SECONDS * 1000,
    });
    expect(reloaded.getValidToken(clientNow + TTL_SECONDS * 1000 - 1)).toBe(token);
    // On the server's clock the token expired here; the JWT's exp lies 20 minutes later locally.
    expect(reloaded.getValidToken(clientNow + TTL_SECONDS * 1000)).toBeUndefined();
  });

  it('counts the stored expiry, not the JWT’s claims', async () => {
    const token = tokenIssuedAt(SERVER_NOW);
    const expiresAt = SERVER_NOW + 5 * MINUTE;
    localStorage.setItem(STORAGE_KEYS.token, JSON.stringify({ token, expiresAt }));

    const reloaded = await reload();
    expect(reloaded.getValidToken(expiresAt - 1)).toBe(token);
    expect(reloaded.getValidToken(expiresAt)).toBeUndefined();
    reloaded.clearToken();
  });
});
