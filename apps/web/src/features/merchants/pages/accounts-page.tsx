/**
 * /{merchantIdent}/accounts (docs/product.md#screens-and-routes, docs/product.md#accounts, docs/product.md#roles-and-access): the accounts with roles and
 * pending invitations, add by email, invite, change roles, remove (after a
 * question that says what removing does); the three-account limit below
 * silver. Which accounts sign in with two factors; admins can reset an
 * account's second factor (after a question).
 */
import { canAddAccount, isAdmin } from '@backoffice/domain';
import { Alert, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { NotFoundPage } from '../../../shared/ui/not-found-page';
import { QueryState } from '../../../shared/ui/query-state';
import { useAccounts } from '../api/accounts';
import { AccountAddForm } from '../components/account-add-form';
import { AccountTable } from '../components/account-table';
import { MerchantTabs } from '../../../shared/resources/merchants/merchant-tabs';
import { useMerchantIdent } from '../use-merchant-ident';

function Accounts({ merchantIdent }: { merchantIdent: string }) {
  const { t } = useTranslation();
  const { merchant, user } = useSession();
  const admin = user !== null && isAdmin(user);
  const accounts = useAccounts(merchantIdent);

  if (!accounts.data) return <QueryState query={accounts} />;
  const { rows, limit } = accounts.data;
  const level = merchant?.uuid === merchantIdent ? merchant.level : limit === null ? 1 : 0;
  const atLimit = !canAddAccount(level, rows.length) && limit !== null;

  return (
    <Stack gap="md">
      {atLimit && (
        <Alert color="orange" variant="light" data-testid="account-limit">
          {t('errors.server.account_limit_reached')}
        </Alert>
      )}
      <AccountAddForm merchantIdent={merchantIdent} atLimit={atLimit} />
      <AccountTable merchantIdent={merchantIdent} rows={rows} admin={admin} />
    </Stack>
  );
}

export function AccountsPage() {
  const { t } = useTranslation();
  const merchantIdent = useMerchantIdent();
  if (!merchantIdent) return <NotFoundPage />;
  return (
    <Stack gap="md" maw={1100} py="md">
      <Title order={1}>{t('merchants.accounts.title')}</Title>
      <MerchantTabs merchantIdent={merchantIdent} active="accounts" />
      <Accounts key={merchantIdent} merchantIdent={merchantIdent} />
    </Stack>
  );
}

export { AccountsPage as Component };
