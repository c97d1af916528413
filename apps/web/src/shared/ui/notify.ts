/**
 * Alerts of spec §8: shown at the top right; errors stay 60 s, others 5 s.
 */
import { notifications } from '@mantine/notifications';

export const ERROR_ALERT_MS = 60_000;
export const ALERT_MS = 5_000;

export function notifyError(message: string, title?: string): void {
  notifications.show({
    color: 'red',
    message,
    title,
    autoClose: ERROR_ALERT_MS,
    position: 'top-right',
    'data-testid': 'alert-error',
  });
}

export function notifySuccess(message: string, title?: string): void {
  notifications.show({
    color: 'teal',
    message,
    title,
    autoClose: ALERT_MS,
    position: 'top-right',
    'data-testid': 'alert-success',
  });
}

export function notifyInfo(message: string, title?: string): void {
  notifications.show({
    color: 'blue',
    message,
    title,
    autoClose: ALERT_MS,
    position: 'top-right',
    'data-testid': 'alert-info',
  });
}
