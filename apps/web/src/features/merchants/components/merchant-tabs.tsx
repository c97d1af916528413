/**
 * The sub-navigation of the merchant pages: profile, accounts, locations,
 * notifications; only the ones the user's roles open (spec §6).
 */
import { canOpenMerchantScreen, type MerchantScreen } from '@backoffice/domain';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';

export type MerchantTab = 'edit' | 'accounts' | 'locations' | 'notifications';

const SCREENS: Record<MerchantTab, MerchantScreen> = {
  edit: 'profile',
  accounts: 'accounts',
  locations: 'locations',
  notifications: 'notifications',
};

export function MerchantTabs({
  merchantIdent,
  active,
}: {
  merchantIdent: string;
  active: MerchantTab;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, merchant } = useSession();
  // The route's guard made this merchant the acting one, so the session has its roles.
  const roles = merchant?.uuid === merchantIdent ? merchant.roles : undefined;
  const tabs: { value: MerchantTab; label: string }[] = [
    { value: 'edit' as const, label: t('merchants.tabs.profile') },
    { value: 'accounts' as const, label: t('merchants.tabs.accounts') },
    { value: 'locations' as const, label: t('merchants.tabs.locations') },
    { value: 'notifications' as const, label: t('merchants.tabs.notifications') },
  ].filter((tab) => user !== null && canOpenMerchantScreen(user, roles, SCREENS[tab.value]));
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        if (value) void navigate(paths.merchant[value as MerchantTab]({ merchantIdent }));
      }}
    >
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
