/**
 * /{merchantIdent}/api-tokens (docs/product.md#tokens-for-integrators): the
 * merchant's tokens for integrators, for users with manage-accounts (the
 * route's guard); create one (its secret is shown once) and revoke one.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isIdent } from '../../../shared/paths';
import { MerchantTabs } from '../../../shared/resources/merchants/merchant-tabs';
import { useSession } from '../../../shared/session/session-store';
import { NotFoundPage } from '../../../shared/ui/not-found-page';
import { grantableRoles } from '../api-token-labels';
import { ApiTokenList } from '../components/api-token-list';

export function MerchantApiTokensPage() {
  const { t } = useTranslation();
  const { merchantIdent } = useParams();
  // The route's guard made this merchant the acting one, so the session has its roles.
  const { user, merchant } = useSession();
  if (!isIdent(merchantIdent) || !user) return <NotFoundPage />;
  const grantable = grantableRoles(user, merchant?.roles);
  return (
    <Stack gap="md" maw={1400} py="md">
      <Title order={1}>{t('apiTokens.title')}</Title>
      <MerchantTabs merchantIdent={merchantIdent} active="apiTokens" />
      <Text c="dimmed" size="sm">
        {t('apiTokens.intro')}
      </Text>
      <ApiTokenList key={merchantIdent} merchantId={merchantIdent} grantable={grantable} />
    </Stack>
  );
}

export { MerchantApiTokensPage as Component };
