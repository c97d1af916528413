/**
 * Alerts of spec §8: shown at the top right; errors stay 60 s, others 5 s.
 *
 * The alert list (Mantine's notifications and their transitions) is not part
 * of the first load: the first alert loads it, and `useAlertsWanted` tells the
 * providers to mount the list from then on. An alert whose list cannot be
 * loaded (the network went away before the first alert, which is when a
 * request fails for want of it) is kept as unshown; the providers show those
 * with the first load's own parts (`useUnshownAlerts`).
 */
import type { NotificationData } from '@mantine/notifications';
import { useSyncExternalStore, type ReactNode } from 'react';
import { i18n } from '../i18n/i18n';

export const ERROR_ALERT_MS = 60_000;
export const ALERT_MS = 5_000;

let alertsWanted = false;
/** Alerts the alert list could not show because its code could not be loaded. */
let unshown: readonly UnshownAlert[] = [];
let nextUnshownId = 1;
const listeners = new Set<() => void>();

export interface UnshownAlert {
  id: number;
  color: string;
  title: string | undefined;
  message: ReactNode;
  autoClose: number;
  'data-testid': string;
}

function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once the first alert was raised: the alert list is then mounted. */
export function useAlertsWanted(): boolean {
  return useSyncExternalStore(subscribe, () => alertsWanted);
}

/** The alerts the list could not show, newest last; each goes after its time or when closed. */
export function useUnshownAlerts(): readonly UnshownAlert[] {
  return useSyncExternalStore(subscribe, () => unshown);
}

export function dismissUnshownAlert(id: number): void {
  unshown = unshown.filter((alert) => alert.id !== id);
  changed();
}

function show(data: Omit<UnshownAlert, 'id'> & NotificationData): void {
  if (!alertsWanted) {
    alertsWanted = true;
    changed();
  }
  // The close button is an icon: it gets its name in the user's language.
  const closeButtonProps = { 'aria-label': i18n.t('actions.close') };
  void import('@mantine/notifications').then(
    ({ notifications }) => notifications.show({ closeButtonProps, ...data }),
    () => {
      const { color, title, message, autoClose } = data;
      const testId = data['data-testid'];
      unshown = [
        ...unshown,
        { id: nextUnshownId++, color, title, message, autoClose, 'data-testid': testId },
      ];
      changed();
    },
  );
}

export function notifyError(message: string, title?: string): void {
  show({
    color: 'red',
    message,
    title,
    autoClose: ERROR_ALERT_MS,
    position: 'top-right',
    'data-testid': 'alert-error',
  });
}

export function notifySuccess(message: string, title?: string): void {
  show({
    color: 'teal',
    message,
    title,
    autoClose: ALERT_MS,
    position: 'top-right',
    'data-testid': 'alert-success',
  });
}

/** An information; its message may be several lines (e.g. a spec text with details below it). */
export function notifyInfo(message: ReactNode, title?: string): void {
  show({
    color: 'blue',
    message,
    title,
    autoClose: ALERT_MS,
    position: 'top-right',
    'data-testid': 'alert-info',
  });
}
