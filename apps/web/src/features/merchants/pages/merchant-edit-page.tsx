/**
 * /{merchantIdent}/merchant (docs/product.md#screens-and-routes): the merchant's profile with image,
 * company data, social links, contacts and co-registration, and its validity.
 */
import { hasRole, isAdmin, isMerchantInvalid } from '@backoffice/domain';
import { Alert, List, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { merchantErrorText } from '../../../shared/resources/merchants/merchant-error-text';
import { useSession } from '../../../shared/session/session-store';
import { NotFoundPage } from '../../../shared/ui/not-found-page';
import { notifySuccess } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/query-state';
import { useMerchant, useSaveMerchant } from '../api/merchant-profile';
import { ImageCard } from '../components/image-card';
import { MerchantTabs } from '../../../shared/resources/merchants/merchant-tabs';
import { ProfileForm } from '../components/profile-form';
import { profileFromMerchant } from '../profile-values';
import { notifyMerchantError } from '../merchant-errors';
import { useMerchantIdent } from '../use-merchant-ident';

function MerchantEdit({ merchantIdent }: { merchantIdent: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const merchant = useMerchant(merchantIdent);
  const save = useSaveMerchant(merchantIdent);
  if (!merchant.data) return <QueryState query={merchant} />;
  const data = merchant.data;
  const admin = user !== null && isAdmin(user);
  const canEdit = user !== null && hasRole(user, data.roles, 'manage-merchant');

  return (
    <Stack gap="md" maw={900} py="md">
      <Title order={1}>{t('merchants.edit.title', { name: data.name })}</Title>
      <MerchantTabs merchantIdent={merchantIdent} active="edit" />
      {isMerchantInvalid(data) && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t('merchants.edit.invalid')}
        >
          <List size="sm">
            {data.errors.map((error) => (
              <List.Item key={error}>{merchantErrorText(t, error)}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <ImageCard merchant={data} canEdit={canEdit} />
      <ProfileForm
        key={data.uuid}
        initial={profileFromMerchant(data)}
        admin={admin}
        readOnly={!canEdit}
        version={data.version}
        submitLabel={t('merchants.edit.submit')}
        busy={save.isPending}
        onSubmit={(body) =>
          save.mutateAsync(body, {
            onSuccess: () => notifySuccess(t('merchants.edit.saved')),
            onError: (error) => notifyMerchantError(t, error),
          })
        }
      />
    </Stack>
  );
}

export function MerchantEditPage() {
  const merchantIdent = useMerchantIdent();
  if (!merchantIdent) return <NotFoundPage />;
  return <MerchantEdit key={merchantIdent} merchantIdent={merchantIdent} />;
}

export { MerchantEditPage as Component };
