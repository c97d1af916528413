/**
 * The side menu (spec §2 "Shell"): dashboard, campaigns, merchant; for admins
 * also access-code sets, the consumer app's API keys, the background jobs, the
 * review queue and the external admin app.
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
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SiteSearchField } from '../../features/site-search/components/site-search-field';
import { useConfig } from '../../shared/config/runtime-config';
import { paths } from '../../shared/paths';
import { useMerchantScreens, type MerchantScreenLink } from '../../shared/session/merchant-screens';
import { useSession } from '../../shared/session/session-store';
import classes from './side-menu.module.css';
import { useIsWideShell } from './use-breakpoints';

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

/** The merchant's screens below "Händler", while one of them is open. */
function MerchantSectionLinks({ links }: { links: readonly MerchantScreenLink[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    // Indented under "Händler", their labels in line with its label, with a guide line.
    <Box ml={21} pl={8} className={classes.section}>
      {links.map(({ screen, access, to }) => {
        const active = pathname === to;
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
            aria-current={active ? 'page' : undefined}
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
  const isAdminUser = user !== null && canUseAccessCodeSets(user);
  const showAdminLink = user !== null && canSeeAdminLink(user) && urls.adminApp !== '';
  const showCampaigns =
    user !== null && (!merchant || canOpenMerchantScreen(user, merchant.roles, 'campaigns'));
  const { pathname } = useLocation();
  const merchantSection = useMerchantScreens(MERCHANT_SECTION_SCREENS);
  const inMerchantSection = merchantSection.links.some((link) => link.to === pathname);

  return (
    <Stack gap="xs">
      {!wide && (
        <Box px="xs" pt="xs">
          <SiteSearchField />
        </Box>
      )}
      <nav aria-label={t('shell.mainNavigation')}>
        <MenuLink
          to={paths.dashboard()}
          label={t('nav.dashboard')}
          icon={<IconLayoutDashboard size={18} aria-hidden />}
        />
        {showCampaigns && (
          <MenuLink
            to={merchantIdent ? paths.campaigns.list({ merchantIdent }) : undefined}
            prefix={merchantIdent ? `/${merchantIdent}/campaigns` : undefined}
            label={t('nav.campaigns')}
            icon={<IconSpeakerphone size={18} aria-hidden />}
          />
        )}
        {inMerchantSection ? (
          <>
            {/* The open screen is marked below; "Händler" only shows where it is. */}
            <NavLink
              component={Link}
              to={merchantSection.home ?? pathname}
              label={t('nav.merchant')}
              leftSection={<IconBuildingStore size={18} aria-hidden />}
              fw={600}
            />
            <MerchantSectionLinks links={merchantSection.links} />
          </>
        ) : (
          <MenuLink
            to={merchantSection.home}
            label={t('nav.merchant')}
            icon={<IconBuildingStore size={18} aria-hidden />}
          />
        )}
        {user !== null && canUseMerchantList(user) && (
          <MenuLink
            to={paths.merchantList()}
            label={t('nav.merchantList')}
            icon={<IconList size={18} aria-hidden />}
          />
        )}
        {isAdminUser && (
          <MenuLink
            to={paths.accessCodeSets.list()}
            prefix={paths.accessCodeSets.list()}
            label={t('nav.accessCodeSets')}
            icon={<IconKey size={18} aria-hidden />}
          />
        )}
        {isAdminUser && (
          <MenuLink
            to={paths.apiKeys.list()}
            label={t('nav.apiKeys')}
            icon={<IconApi size={18} aria-hidden />}
          />
        )}
        {isAdminUser && (
          <MenuLink
            to={paths.backgroundJobs.list()}
            label={t('nav.backgroundJobs')}
            icon={<IconStack2 size={18} aria-hidden />}
          />
        )}
        {isAdminUser && (
          <MenuLink
            to={paths.review.queue()}
            label={t('review.title')}
            icon={<IconClipboardCheck size={18} aria-hidden />}
          />
        )}
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
