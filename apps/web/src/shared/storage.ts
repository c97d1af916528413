/**
 * Safe access to localStorage and sessionStorage: private modes and full
 * quotas throw, and the app must keep working (without persistence) then.
 */
type StorageKind = 'local' | 'session';

function storage(kind: StorageKind): Storage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readItem(kind: StorageKind, key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(kind: StorageKind, key: string, value: string | null): void {
  try {
    const target = storage(kind);
    if (value === null) target?.removeItem(key);
    else target?.setItem(key, value);
  } catch {
    // Persistence is best effort; the in-memory state still holds the value.
  }
}

export function readJson(kind: StorageKind, key: string): unknown {
  const raw = readItem(kind, key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function writeJson(kind: StorageKind, key: string, value: unknown): void {
  writeItem(kind, key, value === undefined ? null : JSON.stringify(value));
}

/** All keys the app stores, in one place so that nothing collides. */
export const STORAGE_KEYS = {
  token: 'backoffice.auth.token',
  targetPath: 'backoffice.auth.target-path',
  pendingSignIns: 'backoffice.oauth.pending',
  rememberedMerchant: 'backoffice.merchant.remembered',
  locale: 'backoffice.locale',
} as const;
