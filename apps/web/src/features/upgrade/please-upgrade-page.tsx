/** /please-upgrade: the user's current merchant level and why the page they wanted is closed (spec §6). */
import { effectiveMerchantLevel } from '@backoffice/domain';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/session-store';
import { LockedNotice } from '../../shared/ui/locked-notice';
import { merchantLevelLabelWithNumber } from '../../shared/ui/merchant-level';

export function PleaseUpgradePage() {
  const { t } = useTranslation();
  const { user, merchant } = useSession();
  const level = effectiveMerchantLevel(user?.level ?? 'other', merchant?.level);

  return (
    <LockedNotice title={t('upgrade.title')}>
      <Text fw={600} data-testid="current-level">
        {t('upgrade.currentLevel', { level: merchantLevelLabelWithNumber(t, level) })}
      </Text>
      <Text size="sm">{t('upgrade.text')}</Text>
    </LockedNotice>
  );
}

export { PleaseUpgradePage as Component };
