/**
 * Refreshes the access token shortly before it expires (spec §4 "Session"):
 * tokenRefreshLeewaySeconds before expiry, the auth API's token named like the
 * configured realm replaces the stored one.
 */
import { useEffect } from 'react';
import { getConfig } from '../../shared/config/runtime-config';
import { fetchMyTokens, tokenForRealm } from './api/my-tokens';
import { getStoredToken, storeToken, useStoredToken } from './token-storage';

/** setTimeout's upper bound (about 24.8 days). */
const MAX_TIMEOUT_MS = 2_147_483_647;

/** How long to wait before refreshing a token that expires at expiresAt. */
export function refreshDelayMs(expiresAt: number, leewaySeconds: number, now: number): number {
  return Math.min(MAX_TIMEOUT_MS, Math.max(0, expiresAt - leewaySeconds * 1000 - now));
}

/** Refreshes at most this often, so that short-lived tokens cannot cause a request loop. */
const MIN_REFRESH_INTERVAL_MS = 10_000;
let lastRefreshAt = 0;

export async function refreshToken(): Promise<boolean> {
  lastRefreshAt = Date.now();
  const before = getStoredToken();
  if (!before || before.expiresAt <= Date.now()) return false;
  const response = await fetchMyTokens().catch(() => undefined);
  const fresh = response ? tokenForRealm(response, getConfig().oauth.realm) : undefined;
  // Only replace the token the request was made with (another tab may have signed out).
  if (!fresh || getStoredToken()?.token !== before.token) return false;
  return storeToken(fresh);
}

export function useTokenRefresh(): void {
  const stored = useStoredToken();
  useEffect(() => {
    if (!stored) return undefined;
    const { tokenRefreshLeewaySeconds } = getConfig();
    const now = Date.now();
    const delay = Math.max(
      refreshDelayMs(stored.expiresAt, tokenRefreshLeewaySeconds, now),
      lastRefreshAt + MIN_REFRESH_INTERVAL_MS - now,
    );
    const timer = setTimeout(() => void refreshToken(), delay);
    return () => clearTimeout(timer);
  }, [stored]);
}
