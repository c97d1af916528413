/**
 * Alerts of spec §8: shown at the top right; errors stay 60 s, others 5 s.
 *
 * The alert list (Mantine's notifications and their transitions) is not part
 * of the first load: the first alert loads it, and `useAlertsWanted` tells the
 * providers to mount the list from then on.
 */
import type { NotificationData } from '@mantine/notifications';
import { useSyncExternalStore, type ReactNode } from 'react';
import { i18n } from '../i18n/i18n';

export const ERROR_ALERT_MS = 60_000;
export const ALERT_MS = 5_000;

let alertsWanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once the first alert was raised: the alert list is then mounted. */
export function useAlertsWanted(): boolean {
  return useSyncExternalStore(subscribe, () => alertsWanted);
}

function show(data: NotificationData): void {
  if (!alertsWanted) {
    alertsWanted = true;
    for (const listener of listeners) listener();
  }
  // The close button is an icon: it gets its name in the user's language.
  const closeButtonProps = { 'aria-label': i18n.t('actions.close') };
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({ closeButtonProps, ...data }),
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
