/**
 * Counts running requests for the global busy indicator. Every request
 * increments it once and decrements it once, whatever its outcome.
 */
import { useSyncExternalStore } from 'react';

let running = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function beginRequest(): () => void {
  running += 1;
  emit();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    running = Math.max(0, running - 1);
    emit();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while at least one request runs. */
export function useBusy(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => running > 0,
    () => false,
  );
}
