/**
 * Alerts of docs/product.md#messages: shown at the top right, below the top bar (never over
 * its search, create button or user menu); errors stay 60 s, others 5 s.
 *
 * Alerts tell the truth:
 * - The same alert raised again while it shows is not stacked: it counts
 *   ("3-mal"), names the newest request id, and its time starts again.
 * - An alert may say what it is about (its scope: a wizard step, a request's
 *   method and path). A newer alert about the same thing replaces it, and
 *   `clearErrorAlerts(scope)` takes the errors about it away once they are no
 *   longer true (a later save of the same thing succeeded).
 * - Below the message, smaller, the spec's technical line and the failed
 *   request's id (alert-body.tsx).
 *
 * The alert list (Mantine's notifications and their transitions) is not part
 * of the first load: the first alert loads it, and `useAlertList` gives the
 * providers its component once loaded. Should it not load (the network went
 * away before the first alert, which is when a request fails for want of
 * it), the alert is shown with the first load's parts (`useUnshownAlerts`),
 * and the next alert tries to load the list again; once it has, the alerts
 * shown meanwhile move into it. (A failed load used to leave the list away
 * for good: after "Could not send request", saves answered 200 showed
 * nothing until a reload.)
 */
import type { NotificationData } from '@mantine/notifications';
import { createElement, useSyncExternalStore, type ReactNode } from 'react';
import { i18n } from '../i18n/i18n';
import { AlertBody } from './alert-body';

export const ERROR_ALERT_MS = 60_000;
export const ALERT_MS = 5_000;

/**
 * Above modals (200), so that a modal's failed action is seen, and below
 * dropdowns (300): the search's hits and the user menu open over an alert.
 */
export const ALERTS_Z_INDEX = 250;

export type AlertTone = 'error' | 'success' | 'info';

export const ALERT_TONES: Readonly<
  Record<AlertTone, { color: string; autoClose: number; testId: string }>
> = {
  error: { color: 'red', autoClose: ERROR_ALERT_MS, testId: 'alert-error' },
  success: { color: 'teal', autoClose: ALERT_MS, testId: 'alert-success' },
  info: { color: 'blue', autoClose: ALERT_MS, testId: 'alert-info' },
};

export interface AlertOptions {
  title?: string;
  /** The spec's technical text, shown smaller below the message. */
  technical?: string;
  /** The server's id of a failed request (X-Request-Id), shown below the message. */
  requestId?: string;
  /** What the alert is about: a newer alert about it replaces this one. */
  scope?: string;
}

/** One alert raised and not yet gone. */
export interface ShownAlert {
  id: string;
  tone: AlertTone;
  title: string | undefined;
  message: ReactNode;
  technical: string | undefined;
  requestId: string | undefined;
  /** How often it was raised while it showed. */
  count: number;
  /** Alerts that are the same (tone and texts) are one; none for a message that is no text. */
  sameness: string | undefined;
  scopes: ReadonlySet<string>;
  /** Waiting for the list's code, in the list, or shown by the first load's parts. */
  where: 'pending' | 'list' | 'fallback';
}

type AlertList = typeof import('@mantine/notifications');

let list: AlertList | undefined;
let loading: Promise<AlertList> | undefined;
let shown: readonly ShownAlert[] = [];
/** The alerts the list could not show, for `useUnshownAlerts` (a stable snapshot). */
let unshown: readonly ShownAlert[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function changed(): void {
  unshown = shown.filter((alert) => alert.where === 'fallback');
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The alert list's code, once loaded: the providers mount its component. */
export function useAlertList(): AlertList | undefined {
  return useSyncExternalStore(subscribe, () => list);
}

/** The alerts the list could not show, oldest first; each goes after its time or when closed. */
export function useUnshownAlerts(): readonly ShownAlert[] {
  return useSyncExternalStore(subscribe, () => unshown);
}

export function dismissUnshownAlert(id: string): void {
  forget(id);
}

/**
 * How long the alert stays. A repeat starts its time again: the list (and
 * the first load's fallback) restart an alert's timer when its duration
 * changes, so each repeat adds a millisecond.
 */
export function alertAutoClose(alert: ShownAlert): number {
  return ALERT_TONES[alert.tone].autoClose + alert.count - 1;
}

function bodyOf(alert: ShownAlert): ReactNode {
  const { message, technical, requestId, count } = alert;
  return createElement(AlertBody, { message, technical, requestId, count });
}

function find(id: string): ShownAlert | undefined {
  return shown.find((alert) => alert.id === id);
}

function replace(next: ShownAlert): void {
  shown = shown.map((alert) => (alert.id === next.id ? next : alert));
}

function forget(id: string): void {
  if (!find(id)) return;
  shown = shown.filter((alert) => alert.id !== id);
  changed();
}

function loadList(): Promise<AlertList> {
  loading ??= import('@mantine/notifications').then(
    (module) => {
      list = module;
      // The alerts shown meanwhile by the first load's parts join the list.
      for (const alert of shown) if (alert.where !== 'list') showInList(module, alert);
      changed();
      return module;
    },
    (error: unknown) => {
      // Tried again with the next alert (the network may be back by then).
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function showInList(module: AlertList, alert: ShownAlert): void {
  const placed: ShownAlert = { ...alert, where: 'list' };
  replace(placed);
  const { color, testId } = ALERT_TONES[alert.tone];
  const data: NotificationData & { 'data-testid': string } = {
    id: alert.id,
    color,
    title: alert.title,
    message: bodyOf(placed),
    autoClose: alertAutoClose(placed),
    position: 'top-right',
    // The close button is an icon: it gets its name in the user's language.
    closeButtonProps: { 'aria-label': i18n.t('actions.close') },
    onClose: () => forget(alert.id),
    'data-testid': testId,
  };
  module.notifications.show(data);
}

function place(alert: ShownAlert): void {
  if (list) {
    showInList(list, alert);
    return;
  }
  loadList().then(
    () => undefined,
    () => {
      const current = find(alert.id);
      if (!current || current.where !== 'pending') return;
      replace({ ...current, where: 'fallback' });
      changed();
    },
  );
}

function update(alert: ShownAlert, patch: Partial<ShownAlert>): void {
  const next = { ...alert, ...patch };
  replace(next);
  if (next.where === 'list') {
    list?.notifications.update({
      id: next.id,
      message: bodyOf(next),
      autoClose: alertAutoClose(next),
    });
  }
  // A pending alert is shown as it is by then; a fallback one renders from the store.
  changed();
}

function close(alert: ShownAlert): void {
  forget(alert.id);
  if (alert.where === 'list') list?.notifications.hide(alert.id);
}

function raise(tone: AlertTone, message: ReactNode, options: AlertOptions): void {
  const { title, technical, requestId, scope } = options;
  const sameness =
    typeof message === 'string'
      ? JSON.stringify([tone, title ?? '', message, technical ?? ''])
      : undefined;
  const same =
    sameness === undefined ? undefined : shown.find((alert) => alert.sameness === sameness);
  if (scope !== undefined) {
    // A newer alert about the same thing: what was said about it before is past.
    for (const alert of shown) if (alert !== same && alert.scopes.has(scope)) close(alert);
  }
  if (same) {
    update(same, {
      count: same.count + 1,
      requestId: requestId ?? same.requestId,
      scopes: scope === undefined ? same.scopes : new Set([...same.scopes, scope]),
    });
    return;
  }
  const alert: ShownAlert = {
    id: `alert-${nextId++}`,
    tone,
    title,
    message,
    technical,
    requestId,
    count: 1,
    sameness,
    scopes: new Set(scope === undefined ? [] : [scope]),
    where: 'pending',
  };
  shown = [...shown, alert];
  place(alert);
}

/** Takes away the error alerts about `scope`: what they said is no longer true. */
export function clearErrorAlerts(scope: string): void {
  for (const alert of shown) {
    if (alert.tone === 'error' && alert.scopes.has(scope)) close(alert);
  }
}

/** The options of an alert; a plain text is its title. */
function optionsOf(options: string | AlertOptions | undefined): AlertOptions {
  return typeof options === 'string' ? { title: options } : (options ?? {});
}

export function notifyError(message: string, options?: string | AlertOptions): void {
  raise('error', message, optionsOf(options));
}

export function notifySuccess(message: string, options?: string | AlertOptions): void {
  raise('success', message, optionsOf(options));
}

/** An information; its message may be several lines (e.g. a spec text with details below it). */
export function notifyInfo(message: ReactNode, options?: string | AlertOptions): void {
  raise('info', message, optionsOf(options));
}
