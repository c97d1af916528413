// @vitest-environment jsdom
/**
 * The token refresh as the signed-in screens run it: before expiry, again
 * with growing pauses after a failure (no alert for it) until the token
 * expires, at once when the tab comes back from a sleep that held its timer
 * back, and never again after a 401 (the session is over).
 */
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../shared/api/auth-hooks';
import { setRuntimeConfig } from '../../shared/config/runtime-config';
import { testRuntimeConfig } from '../../shared/testing/runtime-config';
import { notifyError } from '../../shared/ui/notify';
import { base64UrlEncode } from './jwt';
import { clearToken, getStoredToken, getValidToken, storeToken } from './token-storage';
import { retryDelayMs, useTokenRefresh } from './use-token-refresh';

vi.mock('../../shared/ui/notify', () => ({
  notifyError: vi.fn(),
  notifyInfo: vi.fn(),
  notifySuccess: vi.fn(),
  clearErrorAlerts: vi.fn(),
}));

const MINUTE = 60_000;

/** A token as the server signs it: issued at `issuedAt` by its clock (now, unless said). */
function jwt(expiresAt: number, sub = 'u1', issuedAt = Date.now()): string {
  const part = (value: object) => base64UrlEncode(new TextEncoder().encode(JSON.stringify(value)));
  const claims = { sub, iat: Math.floor(issuedAt / 1000), exp: Math.floor(expiresAt / 1000) };
  return `${part({ alg: 'ES256' })}.${part(claims)}.signature`;
}

const tokensAnswer = (token: string) =>
  new Response(JSON.stringify({ tokens: [{ name: 'backoffice', token }] }), { status: 200 });
const failure = (status: number) =>
  new Response(JSON.stringify({ statusCode: status, message: 'service_unavailable' }), { status });

const fetchMock = vi.fn<typeof fetch>();
const onUnauthorized = vi.fn();
// Each test starts a day later: the refresh remembers its last attempt across tests.
let start = Date.UTC(2030, 0, 1, 9);

beforeEach(() => {
  start += 24 * 60 * MINUTE;
  vi.useFakeTimers({ now: start });
  setRuntimeConfig(testRuntimeConfig({ tokenRefreshLeewaySeconds: 600 }));
  configureApiAuth({ getToken: () => getValidToken(), onUnauthorized });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  onUnauthorized.mockReset();
  vi.mocked(notifyError).mockClear();
  clearToken();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('retryDelayMs', () => {
  it('doubles from 10 s up to a minute', () => {
    expect([1, 2, 3, 4, 5, 12].map(retryDelayMs)).toEqual([
      10_000, 20_000, 40_000, 60_000, 60_000, 60_000,
    ]);
  });
});

describe('useTokenRefresh', () => {
  it('tries a failed refresh again with growing pauses, without an alert, until one succeeds', async () => {
    const expiresAt = start + 20 * MINUTE;
    storeToken(jwt(expiresAt));
    const fresh = jwt(start + 80 * MINUTE, 'u1-fresh');
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(failure(503))
      .mockResolvedValueOnce(tokensAnswer(fresh));
    renderHook(() => useTokenRefresh());

    // Ten minutes before expiry: the first attempt, which finds no network.
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1);
    expect(fetchMock).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // 10 s later the second, answered 503; 20 s after that the third succeeds.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(getStoredToken()?.token).toBe(fresh);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('keeps trying while the token lasts, and stops when it has expired', async () => {
    const expiresAt = start + 20 * MINUTE;
    storeToken(jwt(expiresAt));
    fetchMock.mockImplementation(() => Promise.resolve(failure(503)));
    renderHook(() => useTokenRefresh());

    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    // At 10 min, then after 10, 20, 40 s and each minute: 12 attempts in the last ten minutes.
    expect(fetchMock).toHaveBeenCalledTimes(12);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(fetchMock).toHaveBeenCalledTimes(12);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('a refresh answered 401 ends the session and is not tried again', async () => {
    const token = jwt(start + 20 * MINUTE);
    storeToken(token);
    fetchMock.mockImplementation(() => Promise.resolve(failure(401)));
    renderHook(() => useTokenRefresh());

    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith(token);
  });

  it('refreshes before the token expires on the server when the browser clock is behind', async () => {
    // The server's clock is 20 minutes ahead of the browser's; its token lasts 20 minutes.
    const serverNow = start + 20 * MINUTE;
    storeToken(jwt(serverNow + 20 * MINUTE, 'u1', serverNow));
    const fresh = jwt(serverNow + 80 * MINUTE, 'u1-fresh', serverNow);
    fetchMock.mockResolvedValueOnce(tokensAnswer(fresh));
    renderHook(() => useTokenRefresh());

    // Ten minutes before expiry by the server's clock, i.e. ten minutes after it arrived.
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1);
    expect(fetchMock).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getStoredToken()?.token).toBe(fresh);
  });

  it('runs a refresh that fell due while the computer slept as soon as the tab is back', async () => {
    storeToken(jwt(start + 20 * MINUTE));
    const fresh = jwt(start + 80 * MINUTE, 'u1-fresh');
    fetchMock.mockResolvedValueOnce(tokensAnswer(fresh));
    renderHook(() => useTokenRefresh());

    // The clock moves on, the timer does not (as in a sleeping computer).
    vi.setSystemTime(start + 15 * MINUTE);
    expect(fetchMock).toHaveBeenCalledTimes(0);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getStoredToken()?.token).toBe(fresh);
  });
});
