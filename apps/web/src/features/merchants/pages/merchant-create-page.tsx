/**
 * /create (named merchant-create, spec §2): a user creates a merchant and
 * becomes its owner with every role; the session restarts so that it acts
 * for the new merchant right away.
 */
import { isAdmin, type TMerchantSaveBody } from '@backoffice/domain';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { initUser } from '../../../shared/session/init-user';
import { paths } from '../../../shared/paths';
import {
  setCurrentMerchant,
  startSession,
  useSession,
} from '../../../shared/session/session-store';
import { notifySuccess } from '../../../shared/ui/notify';
import { createMerchant } from '../api/merchant-profile';
import { emptyProfile, ProfileForm } from '../components/profile-form';
import { notifyMerchantError } from '../merchant-errors';

export function MerchantCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, merchant } = useSession();
  const [busy, setBusy] = useState(false);

  const submit = async (body: TMerchantSaveBody) => {
    setBusy(true);
    try {
      const answer = await createMerchant(body);
      startSession(await initUser());
      setCurrentMerchant(answer.summary);
      notifySuccess(t('merchants.create.created', { name: answer.merchant.name }));
      // The dashboard, not the profile: a level-0 merchant's only user would be sent to please-upgrade.
      void navigate(paths.dashboard());
    } catch (error) {
      notifyMerchantError(t, error);
      throw error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={900} py="md">
      <Title order={1}>{t('merchants.create.title')}</Title>
      {!merchant && (
        <Alert color="blue" variant="light">
          <Text size="sm">{t('merchants.create.intro')}</Text>
        </Alert>
      )}
      <ProfileForm
        initial={emptyProfile()}
        admin={user !== null && isAdmin(user)}
        submitLabel={t('merchants.create.submit')}
        busy={busy}
        onSubmit={submit}
      />
    </Stack>
  );
}

export { MerchantCreatePage as Component };
