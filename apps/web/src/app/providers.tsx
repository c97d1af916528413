/**
 * App-wide providers: Mantine (theme, alerts at the top right) and i18next;
 * and the wiring of the auth feature's token into the API client. TanStack
 * Query's provider sits in the shell (shell-layout.tsx): only signed-in
 * screens query, so the sign-in page loads without it.
 */
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { reportSessionEnded } from '../features/auth/session-end';
import { getValidToken } from '../features/auth/token-storage';
import { configureApiAuth } from '../shared/api/auth-hooks';
import { i18n } from '../shared/i18n/i18n';
import alertClasses from '../shared/ui/alerts.module.css';
import { ALERT_MS, ALERTS_Z_INDEX, useAlertList } from '../shared/ui/notify';
import { UnshownAlerts } from '../shared/ui/unshown-alerts';
import { cssVariablesResolver, theme } from './theme';

/**
 * The alert list, mounted once the first alert has loaded its code (until
 * then, or while it cannot load, UnshownAlerts shows the alerts).
 */
function Alerts() {
  const list = useAlertList();
  if (!list) return null;
  return (
    <list.Notifications
      position="top-right"
      autoClose={ALERT_MS}
      limit={5}
      zIndex={ALERTS_Z_INDEX}
      classNames={{ root: alertClasses.list }}
    />
  );
}

configureApiAuth({
  getToken: () => getValidToken(),
  // The session is over (a 401, or a call skipped without a valid token): it ends in this tab.
  onUnauthorized: (token) => reportSessionEnded(token),
  onMissingToken: () => reportSessionEnded(),
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
      >
        <Alerts />
        <UnshownAlerts />
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
}
