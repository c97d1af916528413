/**
 * /create (named merchant-create, docs/product.md#screens-and-routes): a user creates a merchant and
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
import { ProfileForm } from '../components/profile-form';
import { emptyProfile } from '../profile-values';
import { notifyMerchantError } from '../merchant-errors';

export function MerchantCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, merchant } = useSession();
  const [busy, setBusy] = useState(false);

  const submit = async (body: TMerchantSaveBody) => {
    setBusy(true);
    let answer;
    try {
      answer = await createMerchant(body);
    } catch (error) {
      notifyMerchantError(t, error);
      setBusy(false);
      throw error;
    }
    // The merchant exists now: the form stays busy until the page is left, so
    // that a failure of what follows cannot lead to a second merchant.
    notifySuccess(t('merchants.create.created', { name: answer.merchant.name }));
    try {
      startSession(await initUser());
      setCurrentMerchant(answer.summary);
    } catch {
      // The client has shown the request's alert; the session still lacks the
      // new merchant, which the next sign-in or reload brings.
    }
    // The dashboard, with its first steps; "Händler" in the side menu leads to the
    // merchant's screens (a basic merchant's only user: its accounts, as the
    // profile asks them to upgrade).
    void navigate(paths.dashboard());
    return answer;
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
