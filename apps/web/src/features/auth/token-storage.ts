/**
 * The access token and its expiry, kept in localStorage so that a reload or a
 * second tab stays signed in; and the path to continue at after sign-in, kept
 * per tab in sessionStorage (the sign-in returns to the tab that left for it,
 * and two tabs sent to the sign-in at once each come back where they were).
 */
import { useSyncExternalStore } from 'react';
import { readItem, readJson, STORAGE_KEYS, writeItem, writeJson } from '../../shared/storage';
import { jwtExpiresAt } from './jwt';

export interface StoredToken {
  token: string;
  /** Epoch milliseconds. */
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
 * Stores a token. The expiry comes from the JWT's exp claim, else from the
 * provider's expires_in. A token with neither is refused (returns false).
 */
export function storeToken(token: string, expiresInSeconds?: number, now = Date.now()): boolean {
  const expiresAt =
    jwtExpiresAt(token) ??
    (expiresInSeconds !== undefined && expiresInSeconds > 0
      ? now + expiresInSeconds * 1000
      : undefined);
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
