/** /please-upgrade: the user's current merchant level and why the page they wanted is closed (spec §6). */
import { effectiveMerchantLevel } from '@backoffice/domain';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { useSession } from '../../shared/session/session-store';
import { merchantLevelLabelWithNumber } from '../../shared/ui/merchant-level';

export function PleaseUpgradePage() {
  const { t } = useTranslation();
  const { user, merchant } = useSession();
  const level = effectiveMerchantLevel(user?.level ?? 'other', merchant?.level);

  return (
    <Stack gap="md" maw={720} py="md">
      <Title order={1}>{t('upgrade.title')}</Title>
      <Alert color="yellow" variant="light" icon={<IconLock size={20} aria-hidden />}>
        <Stack gap="xs">
          <Text fw={600} data-testid="current-level">
            {t('upgrade.currentLevel', { level: merchantLevelLabelWithNumber(t, level) })}
          </Text>
          <Text size="sm">{t('upgrade.text')}</Text>
        </Stack>
      </Alert>
      <div>
        <Button component={Link} to={paths.dashboard()} variant="light">
          {t('notFound.back')}
        </Button>
      </div>
    </Stack>
  );
}

export { PleaseUpgradePage as Component };
