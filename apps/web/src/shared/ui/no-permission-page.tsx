/**
 * What a page of a merchant shows to a user whose roles do not open it: a
 * plain German notice with the role it needs and the way back, no error alert.
 */
import type { AccountRole } from '@backoffice/domain';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-store';
import { LockedNotice } from './locked-notice';

export function NoPermissionPage({ role }: { role: AccountRole | null }) {
  const { t } = useTranslation();
  const { merchant } = useSession();
  return (
    <LockedNotice title={t('noPermission.title')}>
      <Text>
        {merchant
          ? t('noPermission.textForMerchant', { name: merchant.name })
          : t('noPermission.text')}
      </Text>
      {role && (
        <Text size="sm" fw={600}>
          {t('noPermission.role', { role: t(`merchants.roles.${role}`) })}
        </Text>
      )}
      <Text size="sm">{t('noPermission.ask')}</Text>
    </LockedNotice>
  );
}
