/**
 * The signed-in layout (spec §2 "Shell"): top bar, side menu (open by default
 * on wide screens, behind a burger on narrow ones), the page, and the
 * merchant selection modal.
 */
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTokenRefresh } from '../../features/auth/use-token-refresh';
import { MerchantSelector } from '../../features/merchant-selection/components/merchant-selector';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { SHELL_BREAKPOINT } from './use-breakpoints';

export function ShellLayout() {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  useTokenRefresh();

  // On narrow screens the drawer closes after each navigation.
  useEffect(() => {
    close();
  }, [pathname, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: SHELL_BREAKPOINT, collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar navOpened={navOpened} onToggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <SideMenu />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <MerchantSelector />
    </AppShell>
  );
}

export { ShellLayout as Component };
