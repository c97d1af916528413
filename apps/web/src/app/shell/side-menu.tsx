/**
 * The side menu (spec §2 "Shell"): dashboard, campaigns, merchant; for admins
 * also access-code sets, the review queue, the consumer app's API keys and the
 * external admin app.
 */
import {
  canOpenMerchantScreen,
  canSeeAdminLink,
  canUseAccessCodeSets,
  canUseMerchantList,
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
  IconSpeakerphone,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SiteSearchField } from '../../features/site-search/site-search-field';
import { useConfig } from '../../shared/config/runtime-config';
import { paths } from '../../shared/paths';
import { useSession } from '../../shared/session/session-store';
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
        <MenuLink
          to={merchantIdent ? paths.merchant.edit({ merchantIdent }) : undefined}
          label={t('nav.merchant')}
          icon={<IconBuildingStore size={18} aria-hidden />}
        />
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
