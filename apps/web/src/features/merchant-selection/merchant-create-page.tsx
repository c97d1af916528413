/**
 * /create for a user who acts for no merchant yet: explains the state and,
 * for users with several merchants, offers the selection. Users who already
 * act for a merchant see the 404 page here until merchant creation exists.
 */
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openMerchantSelector, useSession } from '../../shared/session/session-store';
import { NotFoundPage } from '../../shared/ui/not-found-page';

export function MerchantCreatePage() {
  const { t } = useTranslation();
  const { merchant, searchType, merchantTotal } = useSession();
  if (merchant) return <NotFoundPage />;
  const canChoose = merchantTotal > 0 && (searchType === 'select' || searchType === 'autocomplete');

  return (
    <Stack gap="md" maw={720} py="md">
      <Title order={1}>{t('merchantCreate.noMerchantTitle')}</Title>
      <Alert color="blue" variant="light" icon={<IconBuildingStore size={20} aria-hidden />}>
        <Text size="sm">
          {canChoose ? t('merchantCreate.chooseText') : t('merchantCreate.noMerchantText')}
        </Text>
      </Alert>
      {canChoose && (
        <div>
          <Button onClick={() => openMerchantSelector('forced')}>
            {t('actions.chooseMerchant')}
          </Button>
        </div>
      )}
    </Stack>
  );
}

export { MerchantCreatePage as Component };
