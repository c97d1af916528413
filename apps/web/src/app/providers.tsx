/**
 * App-wide providers: Mantine (theme, alerts at the top right), TanStack
 * Query, i18next; and the wiring of the auth feature's token into the API client.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { redirectToSignIn } from '../features/auth/sign-in';
import { getValidToken } from '../features/auth/token-storage';
import { configureApiAuth } from '../shared/api/client';
import { queryClient } from '../shared/api/query-client';
import { i18n } from '../shared/i18n/i18n';
import { BusyIndicator } from '../shared/ui/busy-indicator';
import { ALERT_MS, useAlertsWanted } from '../shared/ui/notify';
import { cssVariablesResolver, theme } from './theme';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/** The alert list, mounted (and loaded) with the first alert. */
function Alerts() {
  const wanted = useAlertsWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={ALERT_MS} limit={5} />
    </Suspense>
  );
}

configureApiAuth({
  getToken: () => getValidToken(),
  onUnauthorized: () => {
    const { pathname, search } = window.location;
    void redirectToSignIn(`${pathname}${search}`);
  },
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
        <BusyIndicator />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
