/**
 * The signed-in layout (spec §2 "Shell"): top bar, side menu (open by default
 * on wide screens, behind a burger on narrow ones), the page, and the
 * merchant selection modal. TanStack Query's provider starts here, with the
 * first signed-in screen (the sign-in pages do not query), and with it the
 * busy indicator, which shows while its queries fetch or mutations run.
 * While the user has yet to choose the merchant they act for, the page
 * waits behind the selection: a merchant's page would otherwise load before
 * its guards could check it for the chosen merchant.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { zeroRightClassName } from 'react-remove-scroll-bar/constants';
import { Outlet, useLocation } from 'react-router';
import { useSessionWatch } from '../../features/auth/use-session-watch';
import { useTokenRefresh } from '../../features/auth/use-token-refresh';
import { MerchantSelector } from '../../features/merchant-selection/components/merchant-selector';
import { queryClient } from '../../shared/api/query-client';
import { BusyIndicator } from '../../shared/ui/busy-indicator';
import { isChoosingMerchant, useSession } from '../../shared/session/session-store';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import classes from './shell-layout.module.css';

/** What the page area shows while the selection asks for the merchant. */
function ChoosingMerchant() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" py="md">
      <Title order={1}>{t('merchantSelection.title')}</Title>
      <Text c="dimmed">{t('merchantSelection.waiting')}</Text>
    </Stack>
  );
}

export function ShellLayout() {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const choosing = isChoosingMerchant(useSession());
  useTokenRefresh();
  useSessionWatch();

  // On narrow screens the drawer closes after each navigation.
  useEffect(() => {
    close();
  }, [pathname, close]);

  return (
    <QueryClientProvider client={queryClient}>
      <BusyIndicator />
      {/* The top bar keeps its place while a modal's scroll lock takes the scrollbar away. */}
      <header className={`${classes.header} ${zeroRightClassName}`}>
        <TopBar navOpened={navOpened} onToggleNav={toggle} />
      </header>
      <div className={classes.navbar} data-opened={navOpened || undefined}>
        <SideMenu />
      </div>
      <main className={classes.main}>{choosing ? <ChoosingMerchant /> : <Outlet />}</main>
      <MerchantSelector />
    </QueryClientProvider>
  );
}

export { ShellLayout as Component };
