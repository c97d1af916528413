/**
 * Refreshes the access token shortly before it expires (docs/product.md#identity-and-sign-in):
 * tokenRefreshLeewaySeconds before expiry, the auth API's token named like the
 * configured realm replaces the stored one. A failed refresh is tried again
 * until the token expires.
 */
import type { TTokensResponse } from '@backoffice/domain';
import { useEffect } from 'react';
import { ApiError } from '../../shared/api/api-error';
import { getConfig } from '../../shared/config/runtime-config';
import { fetchMyTokens, tokenForRealm } from './api/get-my-tokens';
import { getStoredToken, storeToken, useStoredToken } from './token-storage';

/** setTimeout's upper bound (about 24.8 days). */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * How long to wait before refreshing a token that expires at expiresAt: the
 * stored expiry, by the browser's clock like `now` (never the token's exp).
 */
export function refreshDelayMs(expiresAt: number, leewaySeconds: number, now: number): number {
  return Math.min(MAX_TIMEOUT_MS, Math.max(0, expiresAt - leewaySeconds * 1000 - now));
}

/** Refreshes at most this often, so that short-lived tokens cannot cause a request loop. */
const MIN_REFRESH_INTERVAL_MS = 10_000;
/** The longest wait between two attempts after failed ones. */
const MAX_RETRY_DELAY_MS = 60_000;
let lastRefreshAt = 0;

/**
 * How long to wait after `failures` failed refreshes in a row: 10 s, 20 s,
 * 40 s, then every minute (the leeway of ten minutes leaves room for a dozen).
 */
export function retryDelayMs(failures: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, MIN_REFRESH_INTERVAL_MS * 2 ** Math.max(0, failures - 1));
}

/**
 * One refresh: 'refreshed' when a fresh token replaced the stored one,
 * 'refused' when the server ended the session (401; the client ends it in
 * the app), else 'failed' (no alert: it is tried again).
 */
export async function refreshToken(): Promise<'refreshed' | 'refused' | 'failed'> {
  lastRefreshAt = Date.now();
  const before = getStoredToken();
  if (!before || before.expiresAt <= Date.now()) return 'failed';
  let response: TTokensResponse | undefined;
  try {
    response = await fetchMyTokens();
  } catch (error) {
    return error instanceof ApiError && error.status === 401 ? 'refused' : 'failed';
  }
  const fresh = response ? tokenForRealm(response, getConfig().oauth.realm) : undefined;
  // Only replace the token the request was made with (another tab may have signed out).
  if (!fresh || getStoredToken()?.token !== before.token) return 'failed';
  return storeToken(fresh) ? 'refreshed' : 'failed';
}

/**
 * Refreshes the stored token before it expires, and tries again after a
 * failure (a lost connection, a 503) with growing pauses for as long as the
 * token lasts; when it has expired, the session ends (`useSessionWatch`).
 */
export function useTokenRefresh(): void {
  const stored = useStoredToken();
  useEffect(() => {
    if (!stored) return undefined;
    const { tokenRefreshLeewaySeconds } = getConfig();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let dueAt = 0;
    let failures = 0;
    let stopped = false;

    const plan = (delay: number) => {
      dueAt = Date.now() + delay;
      timer = setTimeout(() => void attempt(), delay);
    };
    const attempt = async () => {
      timer = undefined;
      const outcome = await refreshToken();
      // A fresh token is a new stored one: the effect starts over with it.
      if (outcome !== 'failed' || stopped || getStoredToken() !== stored) return;
      failures += 1;
      const delay = retryDelayMs(failures);
      if (Date.now() + delay < stored.expiresAt) plan(delay);
    };
    // A computer that slept holds timers back: an attempt due meanwhile runs when the tab is back.
    const catchUp = () => {
      if (stopped || timer === undefined || Date.now() < dueAt) return;
      clearTimeout(timer);
      void attempt();
    };
    const catchUpWhenVisible = () => {
      if (document.visibilityState === 'visible') catchUp();
    };

    const now = Date.now();
    plan(
      Math.max(
        refreshDelayMs(stored.expiresAt, tokenRefreshLeewaySeconds, now),
        lastRefreshAt + MIN_REFRESH_INTERVAL_MS - now,
      ),
    );
    window.addEventListener('online', catchUp);
    window.addEventListener('focus', catchUp);
    document.addEventListener('visibilitychange', catchUpWhenVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', catchUp);
      window.removeEventListener('focus', catchUp);
      document.removeEventListener('visibilitychange', catchUpWhenVisible);
    };
  }, [stored]);
}
