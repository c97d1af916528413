/**
 * The dashboard route (/): a welcome card with the merchant the user acts for
 * and its level. The statistics of spec §2 "Dashboard" build on this page.
 */
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openMerchantSelector, useSession } from '../../shared/session/session-store';
import { merchantLevelLabel } from '../../shared/ui/merchant-level';

export function DashboardPage() {
  const { t } = useTranslation();
  const { user, merchant, searchType } = useSession();
  const canChoose = searchType === 'select' || searchType === 'autocomplete';

  return (
    <Stack gap="lg" py="md">
      <Title order={1}>{t('dashboard.title')}</Title>
      <Card withBorder radius="md" padding="lg" maw={720} aria-labelledby="dashboard-welcome">
        <Stack gap="sm">
          <Title order={2} size="h3" id="dashboard-welcome">
            {user ? t('dashboard.welcomeUser', { email: user.email }) : t('dashboard.welcome')}
          </Title>
          {merchant ? (
            <>
              <Text>{t('dashboard.actingFor', { name: merchant.name })}</Text>
              {merchant.brand_name && (
                <Text c="dimmed" size="sm">
                  {t('dashboard.brand', { brand: merchant.brand_name })}
                </Text>
              )}
              <Group gap="xs">
                <Text size="sm">{t('fields.level')}</Text>
                <Badge variant="light">{merchantLevelLabel(t, merchant.level)}</Badge>
              </Group>
              {(!merchant.is_valid || merchant.errors.length > 0) && (
                <Group gap="xs" c="red">
                  <IconAlertTriangle size={18} aria-hidden />
                  <Text size="sm">{t('shell.merchantInvalid')}</Text>
                </Group>
              )}
            </>
          ) : (
            <>
              <Text>{t('dashboard.noMerchant')}</Text>
              {canChoose && (
                <div>
                  <Button onClick={() => openMerchantSelector('forced')}>
                    {t('actions.chooseMerchant')}
                  </Button>
                </div>
              )}
            </>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

export { DashboardPage as Component };
