/**
 * The sub-navigation of the merchant pages: profile, accounts, locations,
 * notifications, webhooks, API-Zugänge (the merchants', the webhooks' and
 * the API tokens' features show it); only the ones the user's roles open (docs/product.md#roles-and-access). The profile
 * of a basic merchant's only users stays as a tab with a lock: it leads to
 * the upgrade notice, which says what an upgrade brings.
 */
import { MERCHANT_SECTION_SCREENS, type MerchantScreen } from '@backoffice/domain';
import { Tabs } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMerchantScreens } from '../../session/merchant-screens';

export type MerchantTab =
  'edit' | 'accounts' | 'locations' | 'notifications' | 'webhooks' | 'apiTokens';

const TABS: Record<(typeof MERCHANT_SECTION_SCREENS)[number], MerchantTab> = {
  profile: 'edit',
  accounts: 'accounts',
  locations: 'locations',
  notifications: 'notifications',
  webhooks: 'webhooks',
  apiTokens: 'apiTokens',
};

const isSectionScreen = (screen: MerchantScreen): screen is keyof typeof TABS => screen in TABS;

export function MerchantTabs({
  merchantIdent,
  active,
}: {
  merchantIdent: string;
  active: MerchantTab;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The route's guard made this merchant the acting one, so the session has its roles.
  const { links } = useMerchantScreens(MERCHANT_SECTION_SCREENS);
  const tabs = links.flatMap(({ screen, access, to }) => {
    if (!isSectionScreen(screen) || !to.startsWith(`/${merchantIdent}/`)) return [];
    const label = t(`nav.merchantScreens.${screen}`);
    return [{ value: TABS[screen], label, locked: access === 'upgrade', to }];
  });
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        const tab = tabs.find((candidate) => candidate.value === value);
        if (tab) void navigate(tab.to);
      }}
    >
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab
            key={tab.value}
            value={tab.value}
            rightSection={tab.locked ? <IconLock size={14} aria-hidden /> : undefined}
            aria-label={tab.locked ? t('nav.upgradeRequired', { label: tab.label }) : undefined}
          >
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
