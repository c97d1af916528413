/**
 * The side menu (docs/product.md#screens-and-routes "Shell"): the features' entries (their `routes.tsx`,
 * composed in `app/features.ts`) in their order, each shown to its audience:
 * dashboard, campaigns, merchant; for admins and agencies the merchant list;
 * for admins also access-code sets, the consumer app's API keys, the
 * background jobs, their webhooks, the review queue, and last the external admin app.
 *
 * "Händler" leads to the first of the merchant's screens the user may open
 * (for a basic merchant's only users the profile asks for an upgrade, so
 * their accounts); while one of those screens is open, the others show
 * below it, the locked profile with a lock.
 */
import {
  canOpenMerchantScreen,
  canSeeAdminLink,
  canUseAccessCodeSets,
  canUseMerchantList,
  MERCHANT_SECTION_SCREENS,
} from '@backoffice/domain';
import { Box, NavLink, Stack } from '@mantine/core';
import {
  IconApi,
  IconBuildingStore,
  IconClipboardCheck,
  IconExternalLink,
  IconKey,
  IconLayoutDashboard,
  IconList,
  IconLock,
  IconSpeakerphone,
  IconStack2,
  IconWebhook,
} from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SiteSearchField } from '../../features/site-search/components/site-search-field';
import { useConfig } from '../../shared/config/runtime-config';
import type { MenuAudience, MenuIcon as MenuIconName } from '../../shared/routing/feature-routes';
import { useMerchantScreens, type MerchantScreenLink } from '../../shared/session/merchant-screens';
import { useSession } from '../../shared/session/session-store';
import { MENU_ENTRIES } from '../features';
import classes from './side-menu.module.css';
import { useIsWideShell } from './use-breakpoints';

/** The entries' icons by name: they load with the shell, not with the route table. */
const MENU_ICONS = {
  dashboard: IconLayoutDashboard,
  campaigns: IconSpeakerphone,
  merchant: IconBuildingStore,
  merchantList: IconList,
  accessCodeSets: IconKey,
  apiKeys: IconApi,
  backgroundJobs: IconStack2,
  webhooks: IconWebhook,
  review: IconClipboardCheck,
} satisfies Record<MenuIconName, unknown>;

function MenuIcon({ name }: { name: MenuIconName }) {
  const Icon = MENU_ICONS[name];
  return <Icon size={18} aria-hidden />;
}

interface MenuLinkProps {
  to: string | undefined;
  label: string;
  icon: ReactNode;
  /** Also active below this path (e.g. /access-code-sets/…). */
  prefix?: string;
}

function MenuLink({ to, label, icon, prefix }: MenuLinkProps) {
  const { pathname } = useLocation();
  if (!to)
    return <NavLink component="button" label={label} leftSection={icon} disabled aria-disabled />;
  const active =
    pathname === to.split('?')[0] || (prefix !== undefined && pathname.startsWith(prefix));
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      leftSection={icon}
      active={active}
      aria-current={active ? 'page' : undefined}
    />
  );
}

/** Whether the path is a screen's page or one below it (an endpoint below the webhooks). */
const atOrBelow = (pathname: string, to: string): boolean =>
  pathname === to || pathname.startsWith(`${to}/`);

/** The merchant's screens below "Händler", while one of them (or a page below one) is open. */
function MerchantSectionLinks({ links }: { links: readonly MerchantScreenLink[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    // Indented under "Händler", their labels in line with its label, with a guide line.
    <Box ml={21} pl={8} className={classes.section}>
      {links.map(({ screen, access, to }) => {
        const current = pathname === to;
        const active = atOrBelow(pathname, to);
        const label = t(`nav.merchantScreens.${screen}`);
        return (
          <NavLink
            key={screen}
            component={Link}
            to={to}
            label={label}
            aria-label={access === 'upgrade' ? t('nav.upgradeRequired', { label }) : undefined}
            rightSection={access === 'upgrade' ? <IconLock size={14} aria-hidden /> : undefined}
            active={active}
            aria-current={current ? 'page' : undefined}
          />
        );
      })}
    </Box>
  );
}

export function SideMenu() {
  const { t } = useTranslation();
  const { urls } = useConfig();
  const { user, merchant } = useSession();
  const wide = useIsWideShell();
  const merchantIdent = merchant?.uuid;
  const showAdminLink = user !== null && canSeeAdminLink(user) && urls.adminApp !== '';
  const audience: Record<MenuAudience, boolean> = {
    everyone: true,
    campaigns:
      user !== null && (!merchant || canOpenMerchantScreen(user, merchant.roles, 'campaigns')),
    merchantList: user !== null && canUseMerchantList(user),
    // The administrators: those who may use the access-code sets.
    admins: user !== null && canUseAccessCodeSets(user),
  };
  const { pathname } = useLocation();
  const merchantSection = useMerchantScreens(MERCHANT_SECTION_SCREENS);
  const inMerchantSection = merchantSection.links.some((link) => atOrBelow(pathname, link.to));

  return (
    <Stack gap="xs">
      {!wide && (
        <Box px="xs" pt="xs">
          <SiteSearchField />
        </Box>
      )}
      <nav aria-label={t('shell.mainNavigation')}>
        {MENU_ENTRIES.filter((entry) => audience[entry.audience]).map((entry) => {
          const label = entry.label(t);
          const icon = <MenuIcon name={entry.icon} />;
          if (entry.kind === 'link')
            return (
              <MenuLink
                key={entry.order}
                to={entry.to(merchantIdent)}
                prefix={entry.prefix?.(merchantIdent)}
                label={label}
                icon={icon}
              />
            );
          return inMerchantSection ? (
            <Fragment key={entry.order}>
              {/* The open screen is marked below; "Händler" only shows where it is. */}
              <NavLink
                component={Link}
                to={merchantSection.home ?? pathname}
                label={label}
                leftSection={icon}
                fw={600}
              />
              <MerchantSectionLinks links={merchantSection.links} />
            </Fragment>
          ) : (
            <MenuLink key={entry.order} to={merchantSection.home} label={label} icon={icon} />
          );
        })}
        {showAdminLink && (
          <NavLink
            component="a"
            href={urls.adminApp}
            target="_blank"
            rel="noopener noreferrer"
            label={t('nav.adminApp')}
            leftSection={<IconExternalLink size={18} aria-hidden />}
          />
        )}
      </nav>
    </Stack>
  );
}
