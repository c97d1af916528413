/**
 * Alerts the alert list could not show (notify.ts): its code could not be
 * loaded, because the network went away before the first alert. They are
 * shown here with Mantine's `Notification` of the first load, where the list
 * would have shown them (top right), and go after their time or when closed.
 */
import { Notification, Portal, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissUnshownAlert, useUnshownAlerts, type UnshownAlert } from './notify';

export function UnshownAlerts() {
  const alerts = useUnshownAlerts();
  if (alerts.length === 0) return null;
  return (
    <Portal>
      <Stack
        gap="xs"
        pos="fixed"
        top="var(--mantine-spacing-md)"
        right="var(--mantine-spacing-md)"
        w={440}
        maw="calc(100vw - 2 * var(--mantine-spacing-md))"
        style={{ zIndex: 'var(--mantine-z-index-max)' }}
      >
        {alerts.map((alert) => (
          <UnshownAlertItem key={alert.id} alert={alert} />
        ))}
      </Stack>
    </Portal>
  );
}

function UnshownAlertItem({ alert }: { alert: UnshownAlert }) {
  const { t } = useTranslation();
  const { id, autoClose } = alert;
  useEffect(() => {
    const timer = setTimeout(() => dismissUnshownAlert(id), autoClose);
    return () => clearTimeout(timer);
  }, [id, autoClose]);
  return (
    <Notification
      role="alert"
      color={alert.color}
      title={alert.title}
      data-testid={alert['data-testid']}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      onClose={() => dismissUnshownAlert(id)}
    >
      {alert.message}
    </Notification>
  );
}
