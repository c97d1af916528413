/**
 * The top bar (spec §2 "Shell"): burger, app name, badges, merchant menu,
 * site search, create-campaign button, invalid-merchant bell, admin link and
 * the user menu.
 */
import {
  canOpenMerchantScreen,
  canSeeAdminLink,
  canSwitchMerchant,
  isMerchantInvalid,
} from '@backoffice/domain';
import { ActionIcon, Anchor, Badge, Burger, Button, Group } from '@mantine/core';
import {
  IconBuildingStore,
  IconChevronDown,
  IconExternalLink,
  IconPlus,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SiteSearchField } from '../../features/site-search/components/site-search-field';
import { useConfig } from '../../shared/config/runtime-config';
import { paths } from '../../shared/paths';
import { openMerchantSelector, useSession } from '../../shared/session/session-store';
import { merchantLevelLabel } from '../../shared/resources/merchants/merchant-level';
import { SHELL_BREAKPOINT, useIsWideShell } from './use-breakpoints';
import { UserMenu } from './user-menu';

const InvalidMerchantBell = lazy(() => import('./invalid-merchant-bell'));

export interface TopBarProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

export function TopBar({ navOpened, onToggleNav }: TopBarProps) {
  const { t } = useTranslation();
  const { appName, urls } = useConfig();
  const { user, merchant, searchType } = useSession();
  const wide = useIsWideShell();
  const merchantInvalid = merchant !== null && isMerchantInvalid(merchant);
  const showAdminLink = user !== null && canSeeAdminLink(user) && urls.adminApp !== '';
  const canCreateCampaign =
    user !== null && merchant !== null && canOpenMerchantScreen(user, merchant.roles, 'campaigns');

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      {/*
        The badges keep their width; the merchant button gives way below 1280 px,
        and on a phone the app name too (it ends in an ellipsis rather than
        running under the buttons on the right).
      */}
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom={SHELL_BREAKPOINT}
          size="sm"
          aria-label={t('shell.toggleNavigation')}
          aria-expanded={navOpened}
        />
        <Anchor
          component={Link}
          to={paths.dashboard()}
          fw={700}
          size="lg"
          c="inherit"
          underline="never"
          miw={0}
          style={{
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            flexShrink: wide ? 0 : 1,
          }}
        >
          {appName}
        </Anchor>
        <Group gap={4} visibleFrom="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
          {user?.level === 'admin' && (
            <Badge color="red" variant="filled">
              {t('roles.admin')}
            </Badge>
          )}
          {user?.level === 'agency' && (
            <Badge color="grape" variant="filled">
              {t('roles.agency')}
            </Badge>
          )}
          {merchant && (
            <Badge
              variant="light"
              aria-label={t('shell.levelBadge', { level: merchantLevelLabel(t, merchant.level) })}
            >
              {merchantLevelLabel(t, merchant.level)}
            </Badge>
          )}
        </Group>
        {searchType !== null && canSwitchMerchant(searchType) && (
          <Button
            variant="default"
            size="sm"
            leftSection={<IconBuildingStore size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            onClick={() => openMerchantSelector(merchant ? 'closable' : 'forced')}
            aria-label={
              merchant
                ? t('shell.switchMerchantCurrent', { name: merchant.name })
                : t('shell.chooseMerchant')
            }
            title={merchant ? merchant.name : undefined}
            maw={{ base: 160, sm: 340 }}
            miw={0}
            styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
          >
            {merchant ? merchant.name : t('shell.noMerchant')}
          </Button>
        )}
      </Group>

      <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
        {wide && <SiteSearchField />}
        {merchant &&
          canCreateCampaign &&
          (wide ? (
            <Button
              component={Link}
              to={paths.campaigns.create({ merchantIdent: merchant.uuid })}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t('actions.createCampaign')}
            </Button>
          ) : (
            <ActionIcon
              component={Link}
              to={paths.campaigns.create({ merchantIdent: merchant.uuid })}
              size="lg"
              aria-label={t('actions.createCampaign')}
            >
              <IconPlus size={18} aria-hidden />
            </ActionIcon>
          ))}
        {merchantInvalid && (
          <Suspense fallback={null}>
            <InvalidMerchantBell errors={merchant.errors} />
          </Suspense>
        )}
        {showAdminLink && wide && (
          <ActionIcon
            component="a"
            href={urls.adminApp}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            size="lg"
            aria-label={t('shell.openAdminApp')}
            title={t('shell.openAdminApp')}
          >
            <IconExternalLink size={18} aria-hidden />
          </ActionIcon>
        )}
        <UserMenu />
      </Group>
    </Group>
  );
}
