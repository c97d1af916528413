/**
 * App-wide providers: Mantine (theme, alerts at the top right), TanStack
 * Query, i18next; and the wiring of the auth feature's token into the API client.
 */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { redirectToSignIn } from '../features/auth/sign-in';
import { getValidToken } from '../features/auth/token-storage';
import { configureApiAuth } from '../shared/api/client';
import { queryClient } from '../shared/api/query-client';
import { i18n } from '../shared/i18n/i18n';
import { BusyIndicator } from '../shared/ui/busy-indicator';
import { ALERT_MS } from '../shared/ui/notify';
import { theme } from './theme';

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
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Notifications position="top-right" autoClose={ALERT_MS} limit={5} />
        <BusyIndicator />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
