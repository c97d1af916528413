/**
 * Alerts the alert list could not show (notify.ts): its code could not be
 * loaded, because the network went away before the first alert. They are
 * shown here with Mantine's `Notification` of the first load, where the list
 * would have shown them (top right, below the top bar), and go after their
 * time, when closed, or into the list once its code has loaded.
 */
import { Notification, Portal, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBody } from './alert-body';
import classes from './alerts.module.css';
import {
  ALERT_TONES,
  ALERTS_Z_INDEX,
  alertAutoClose,
  dismissUnshownAlert,
  useUnshownAlerts,
  type ShownAlert,
} from './notify';

export function UnshownAlerts() {
  const alerts = useUnshownAlerts();
  if (alerts.length === 0) return null;
  return (
    <Portal>
      <Stack
        gap="xs"
        pos="fixed"
        className={classes.fallback}
        right="var(--mantine-spacing-md)"
        w={440}
        maw="calc(100vw - 2 * var(--mantine-spacing-md))"
        style={{ zIndex: ALERTS_Z_INDEX }}
      >
        {alerts.map((alert) => (
          <UnshownAlertItem key={alert.id} alert={alert} />
        ))}
      </Stack>
    </Portal>
  );
}

function UnshownAlertItem({ alert }: { alert: ShownAlert }) {
  const { t } = useTranslation();
  const { id } = alert;
  // A repeat changes the duration by a millisecond: its time starts again.
  const autoClose = alertAutoClose(alert);
  useEffect(() => {
    const timer = setTimeout(() => dismissUnshownAlert(id), autoClose);
    return () => clearTimeout(timer);
  }, [id, autoClose]);
  const { color, testId } = ALERT_TONES[alert.tone];
  return (
    <Notification
      role="alert"
      color={color}
      title={alert.title}
      data-testid={testId}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      onClose={() => dismissUnshownAlert(id)}
    >
      <AlertBody
        message={alert.message}
        technical={alert.technical}
        requestId={alert.requestId}
        count={alert.count}
      />
    </Notification>
  );
}
