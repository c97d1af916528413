/**
 * The sign-ins this tab has started and not yet completed, each by its OAuth
 * state with its PKCE verifier (none in the implicit flow), in
 * sessionStorage. A page may start more than one before it leaves (the
 * route guard can run twice on the first load), and the browser follows
 * whichever authorize URL it navigates to last; keeping every attempt by its
 * state lets the postback find the verifier of the URL that was followed
 * instead of that of the attempt written last. Completing takes them all:
 * a state answers once.
 */
import { readJson, STORAGE_KEYS, writeJson } from '../../shared/storage';

export interface PendingSignIn {
  state: string;
  /** The PKCE verifier of the code flow; null in the implicit flow. */
  verifier: string | null;
}

/** Attempts kept at most; older ones are dropped first. */
const MAX_PENDING = 5;

function readPending(): PendingSignIn[] {
  const stored = readJson('session', STORAGE_KEYS.pendingSignIns);
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (entry: unknown): entry is PendingSignIn =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as PendingSignIn).state === 'string' &&
      (typeof (entry as PendingSignIn).verifier === 'string' ||
        (entry as PendingSignIn).verifier === null),
  );
}

/** Keeps a started sign-in beside those already pending. */
export function rememberSignIn(attempt: PendingSignIn): void {
  const kept = readPending().filter((entry) => entry.state !== attempt.state);
  writeJson('session', STORAGE_KEYS.pendingSignIns, [...kept, attempt].slice(-MAX_PENDING));
}

/**
 * The pending sign-in the provider answered for (by the answer's state), or
 * undefined when no pending sign-in has that state. Every pending sign-in is
 * forgotten either way.
 */
export function takeSignIn(state: string | null): PendingSignIn | undefined {
  const pending = readPending();
  writeJson('session', STORAGE_KEYS.pendingSignIns, undefined);
  return state === null ? undefined : pending.find((entry) => entry.state === state);
}
