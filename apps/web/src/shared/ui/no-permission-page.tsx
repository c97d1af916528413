/**
 * What a page of a merchant shows to a user whose roles do not open it: a
 * plain German notice with the role it needs and the way back, no error alert.
 */
import type { AccountRole } from '@backoffice/domain';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../paths';
import { useSession } from '../session/session-store';

export function NoPermissionPage({ role }: { role: AccountRole | null }) {
  const { t } = useTranslation();
  const { merchant } = useSession();
  return (
    <Stack gap="md" maw={720} py="md">
      <Title order={1}>{t('noPermission.title')}</Title>
      <Alert color="yellow" variant="light" icon={<IconLock size={20} aria-hidden />}>
        <Stack gap="xs">
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
