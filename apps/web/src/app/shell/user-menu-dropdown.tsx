/**
 * The user menu itself: the email, the language switch, the account's
 * security (password change for accounts with a password here, signed-in
 * devices, two-factor sign-in) and logout. Loaded on first use.
 */
import { Menu, Text } from '@mantine/core';
import {
  IconCheck,
  IconDevices,
  IconKey,
  IconLanguage,
  IconLogout,
  IconShieldLock,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyPasswordState } from '../../features/account/api/my-password';
import { PasswordChangeModal } from '../../features/account/components/password-change-modal';
import { useConfig } from '../../shared/config/runtime-config';
import { changeLanguage, offeredLanguages } from '../../shared/i18n/i18n';
import { paths } from '../../shared/paths';
import { useSession } from '../../shared/session/session-store';
import { UserMenuButton } from './user-menu-button';

export interface UserMenuDropdownProps {
  opened: boolean;
  onChange: (opened: boolean) => void;
}

export default function UserMenuDropdown({ opened, onChange }: UserMenuDropdownProps) {
  const { t, i18n } = useTranslation();
  const { availableLocales } = useConfig();
  const { user } = useSession();
  const languages = offeredLanguages(availableLocales);
  const password = useMyPasswordState(opened);
  const [changingPassword, setChangingPassword] = useState(false);

  return (
    <>
      <Menu position="bottom-end" width={240} withinPortal opened={opened} onChange={onChange}>
        <Menu.Target>
          <UserMenuButton />
        </Menu.Target>
        <Menu.Dropdown>
          {user && (
            <Menu.Label>
              <Text size="xs" c="dimmed">
                {t('shell.signedInAs')}
              </Text>
              <Text size="sm" fw={600} c="var(--mantine-color-text)" data-testid="user-email">
                {user.email}
              </Text>
            </Menu.Label>
          )}
          {languages.length > 1 && (
            <>
              <Menu.Divider />
              <Menu.Label>{t('shell.language')}</Menu.Label>
              {languages.map((language) => (
                <Menu.Item
                  key={language}
                  lang={language}
                  leftSection={<IconLanguage size={16} aria-hidden />}
                  rightSection={
                    i18n.resolvedLanguage === language ? <IconCheck size={16} aria-hidden /> : null
                  }
                  aria-current={i18n.resolvedLanguage === language ? 'true' : undefined}
                  onClick={() => void changeLanguage(language)}
                >
                  {t(`languages.${language}`)}
                </Menu.Item>
              ))}
            </>
          )}
          <Menu.Divider />
          {password.data?.changeable && (
            <Menu.Item
              leftSection={<IconKey size={16} aria-hidden />}
              onClick={() => setChangingPassword(true)}
            >
              {t('passwordChange.menuItem')}
            </Menu.Item>
          )}
          <Menu.Item
            component={Link}
            to={paths.devices()}
            leftSection={<IconDevices size={16} aria-hidden />}
          >
            {t('devices.menuItem')}
          </Menu.Item>
          <Menu.Item
            component={Link}
            to={paths.twoFactor()}
            leftSection={<IconShieldLock size={16} aria-hidden />}
          >
            {t('twoFactor.menuItem')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            component={Link}
            to={paths.oauth.logout()}
            // Not color="red": Menu.Item paints that with shade 6 (3.3:1 on white).
            c="red.9"
            leftSection={<IconLogout size={16} aria-hidden />}
          >
            {t('actions.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <PasswordChangeModal opened={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}
