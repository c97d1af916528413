/** The sub-navigation of the merchant pages: profile, accounts, locations, notifications. */
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';

export type MerchantTab = 'edit' | 'accounts' | 'locations' | 'notifications';

export function MerchantTabs({
  merchantIdent,
  active,
}: {
  merchantIdent: string;
  active: MerchantTab;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tabs: { value: MerchantTab; label: string }[] = [
    { value: 'edit', label: t('merchants.tabs.profile') },
    { value: 'accounts', label: t('merchants.tabs.accounts') },
    { value: 'locations', label: t('merchants.tabs.locations') },
    { value: 'notifications', label: t('merchants.tabs.notifications') },
  ];
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
