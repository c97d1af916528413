/**
 * The access token and its expiry, kept in localStorage so that a reload or a
 * second tab stays signed in; and the path to continue at after sign-in, kept
 * per tab in sessionStorage (the sign-in returns to the tab that left for it,
 * and two tabs sent to the sign-in at once each come back where they were).
 */
import { useSyncExternalStore } from 'react';
import { readItem, readJson, STORAGE_KEYS, writeItem, writeJson } from '../../shared/storage';
import { jwtExpiresAt, jwtLifetimeSeconds } from './jwt';

export interface StoredToken {
  token: string;
  /**
   * Epoch milliseconds by the browser's clock (the arrival plus the token's
   * lifetime, see `storeToken`): compare it with Date.now() only, never with
   * the token's exp.
   */
  expiresAt: number;
}

function isStoredToken(value: unknown): value is StoredToken {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record['token'] === 'string' && typeof record['expiresAt'] === 'number';
}

const listeners = new Set<() => void>();
let cached: StoredToken | undefined = load();

function load(): StoredToken | undefined {
  const value = readJson('local', STORAGE_KEYS.token);
  return isStoredToken(value) ? value : undefined;
}

function emit(): void {
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  // Another tab signed in, refreshed or signed out.
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.token && event.key !== null) return;
    cached = load();
    emit();
  });
}

export function getStoredToken(): StoredToken | undefined {
  return cached;
}

/** The token when it exists and has not expired, else undefined. */
export function getValidToken(now: number = Date.now()): string | undefined {
  return cached && cached.expiresAt > now ? cached.token : undefined;
}

export function hasValidToken(now: number = Date.now()): boolean {
  return getValidToken(now) !== undefined;
}

/**
 * How long a token lasts from its arrival, in milliseconds: the JWT's
 * exp − iat, or the answer's expires_in, the shorter when there are both.
 * Both are durations, right whatever the browser's clock says.
 */
function lifetimeMs(token: string, expiresInSeconds: number | undefined): number | undefined {
  const lifetimes: number[] = [];
  for (const seconds of [jwtLifetimeSeconds(token), expiresInSeconds]) {
    if (seconds !== undefined && Number.isFinite(seconds)) lifetimes.push(seconds);
  }
  return lifetimes.length === 0 ? undefined : Math.min(...lifetimes) * 1000;
}

/**
 * Stores a token with its expiry in the browser's time: `now`, when it
 * arrived, plus its lifetime (`lifetimeMs`). The JWT's exp alone is the
 * issuer's clock: against a browser clock two hours ahead it refused every
 * fresh token, against one behind it planned the refresh after the token
 * had expired on the server. Only a JWT with neither iat nor expires_in is
 * held to its exp against the local clock, as nothing else tells its
 * lifetime. A token whose expiry is not after `now`, or with no expiry at
 * all, is refused (returns false). The stored expiry is what counts from
 * then on, after a reload and in other tabs too.
 */
export function storeToken(token: string, expiresInSeconds?: number, now = Date.now()): boolean {
  const lifetime = lifetimeMs(token, expiresInSeconds);
  const expiresAt = lifetime === undefined ? jwtExpiresAt(token) : now + lifetime;
  if (expiresAt === undefined || expiresAt <= now) return false;
  cached = { token, expiresAt };
  writeJson('local', STORAGE_KEYS.token, cached);
  emit();
  return true;
}

export function clearToken(): void {
  cached = undefined;
  writeJson('local', STORAGE_KEYS.token, undefined);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored token for components (re-renders on sign-in, refresh and sign-out). */
export function useStoredToken(): StoredToken | undefined {
  return useSyncExternalStore(subscribe, getStoredToken, getStoredToken);
}

/** Remembers where the user wanted to go before the sign-in redirect. */
export function saveTargetPath(path: string): void {
  writeItem('session', STORAGE_KEYS.targetPath, path);
}

/** The saved target path (once), or '/' — only same-app paths are accepted. */
export function takeTargetPath(): string {
  const path = readItem('session', STORAGE_KEYS.targetPath);
  writeItem('session', STORAGE_KEYS.targetPath, null);
  return safeTargetPath(path);
}

/** Guards against open redirects: only absolute paths inside this app. */
export function safeTargetPath(path: string | null | undefined): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  if (path.startsWith('/oauth2/')) return '/';
  return path;
}
