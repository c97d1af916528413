/**
 * A merchant's accounts as a table (docs/product.md#accounts): the address
 * with its marks (invitation pending, the user's own, two factors), the
 * roles, which save on every change, and the row actions with their
 * questions: remove, and for admins the reset of a second factor.
 */
import { type AccountRole, type TAccount } from '@backoffice/domain';
import { Badge, Group } from '@mantine/core';
import { IconShieldOff, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, dataColumns, type DataColumn } from '../../../shared/ui/data-table';
import { notifySuccess } from '../../../shared/ui/notify';
import { useKeepFocus } from '../../../shared/ui/use-keep-focus';
import { useChangeRoles, useRemoveAccount, useResetTwoFactor } from '../api/accounts';
import { notifyMerchantError } from '../merchant-errors';
import { AccountRoleCheckboxes } from './account-role-checkboxes';
import { AccountRowActions } from './account-row-actions';
import { AccountActionModal, type AccountAction } from './account-action-modal';

const column = dataColumns<TAccount>();

/** Removing an account; removing one's own says what it does. */
const removeAction = (t: TFunction): AccountAction => ({
  title: t('merchants.accounts.removeTitle'),
  confirmLabel: t('merchants.accounts.removeConfirm'),
  confirmIcon: <IconTrash size={16} aria-hidden />,
  question: (account) =>
    t(
      account.is_self
        ? 'merchants.accounts.removeSelfQuestion'
        : 'merchants.accounts.removeQuestion',
      { email: account.email },
    ),
});

/** An admin's reset of an account's second factor. */
const resetTwoFactorAction = (t: TFunction): AccountAction => ({
  title: t('merchants.accounts.resetTwoFactorTitle'),
  confirmLabel: t('merchants.accounts.resetTwoFactorConfirm'),
  confirmIcon: <IconShieldOff size={16} aria-hidden />,
  question: (account) => t('merchants.accounts.resetTwoFactorQuestion', { email: account.email }),
});

interface AccountColumnsOptions {
  t: TFunction;
  /** Admins reset a second factor. */
  admin: boolean;
  savingRolesOf: (account: TAccount) => boolean;
  onRoles: (account: TAccount, roles: AccountRole[]) => void;
  resettingOf: (account: TAccount) => boolean;
  onReset: (account: TAccount) => void;
  removingOf: (account: TAccount) => boolean;
  onRemove: (account: TAccount) => void;
}

/** The accounts' columns: the address with its marks, the roles, and the actions. */
function accountColumns({
  t,
  admin,
  savingRolesOf,
  onRoles,
  resettingOf,
  onReset,
  removingOf,
  onRemove,
}: AccountColumnsOptions): DataColumn<TAccount>[] {
  return column.columns([
    column.accessor('email', {
      header: t('merchants.accounts.email'),
      cell: ({ row: { original: account } }) => (
        <Group gap="xs">
          {account.email}
          {account.pending_invitation && (
            <Badge color="yellow" variant="light">
              {t('merchants.accounts.pending')}
            </Badge>
          )}
          {account.is_self && (
            <Badge color="gray" variant="light">
              {t('merchants.accounts.you')}
            </Badge>
          )}
          {account.two_factor && (
            <Badge
              color="green"
              variant="light"
              title={t('merchants.accounts.twoFactorOnLabel')}
              data-testid="two-factor-badge"
            >
              {t('merchants.accounts.twoFactorOn')}
            </Badge>
          )}
        </Group>
      ),
    }),
    column.display({
      id: 'roles',
      header: t('merchants.accounts.roles'),
      cell: ({ row: { original: account } }) => (
        <AccountRoleCheckboxes
          account={account}
          saving={savingRolesOf(account)}
          onChange={(roles) => onRoles(account, roles)}
        />
      ),
    }),
    column.display({
      id: 'actions',
      header: t('merchants.accounts.actions'),
      cell: ({ row: { original: account } }) => (
        <AccountRowActions
          account={account}
          admin={admin}
          resetting={resettingOf(account)}
          onReset={() => onReset(account)}
          removing={removingOf(account)}
          onRemove={() => onRemove(account)}
        />
      ),
    }),
  ]);
}

export function AccountTable({
  merchantIdent,
  rows,
  admin,
}: {
  merchantIdent: string;
  rows: TAccount[];
  /** Admins reset a second factor. */
  admin: boolean;
}) {
  const { t } = useTranslation();
  const changeRoles = useChangeRoles(merchantIdent);
  const remove = useRemoveAccount(merchantIdent);
  const resetTwoFactor = useResetTwoFactor(merchantIdent);
  // The account whose removal is asked about, while `asking`; kept while the
  // question fades out, so that its text stays until it is gone.
  const [removing, setRemoving] = useState<TAccount | undefined>();
  const [asking, setAsking] = useState(false);
  // The account whose second factor an admin is asked about resetting.
  const [resetting, setResetting] = useState<TAccount | undefined>();
  const [askingReset, setAskingReset] = useState(false);
  // A role change rests the account's checkboxes: the focus comes back to the
  // checkbox. A removal takes the row away: the focus goes to the list (after the question).
  const tableRef = useKeepFocus<HTMLTableElement>(changeRoles.isPending);

  return (
    <>
      <DataTable
        label={t('merchants.accounts.title')}
        columns={accountColumns({
          t,
          admin,
          savingRolesOf: (account) =>
            changeRoles.isPending && changeRoles.variables.accountId === account.id,
          onRoles: (account, roles) =>
            changeRoles.mutate(
              { accountId: account.id, roles },
              {
                onSuccess: () => notifySuccess(t('merchants.accounts.rolesSaved')),
                onError: (error) => notifyMerchantError(t, error),
              },
            ),
          resettingOf: (account) =>
            resetTwoFactor.isPending && resetTwoFactor.variables === account.id,
          onReset: (account) => {
            setResetting(account);
            setAskingReset(true);
          },
          removingOf: (account) => remove.isPending && remove.variables === account.id,
          onRemove: (account) => {
            setRemoving(account);
            setAsking(true);
          },
        })}
        rows={rows}
        rowKey={(account) => account.id}
        rowAttributes={() => ({ 'data-testid': 'account-row' })}
        tableRef={tableRef}
        withTableBorder
        verticalSpacing={7}
        minWidth={640}
      />
      <AccountActionModal
        action={removeAction(t)}
        account={removing}
        opened={asking}
        busy={remove.isPending}
        onConfirm={(account) =>
          remove.mutate(account.id, {
            onSuccess: () => notifySuccess(t('merchants.accounts.removed')),
            onError: (error) => notifyMerchantError(t, error),
            onSettled: () => {
              setAsking(false);
              // The row's button is gone (or the keyboard user starts again at the list).
              requestAnimationFrame(() => tableRef.current?.focus());
            },
          })
        }
        onClose={() => setAsking(false)}
      />
      <AccountActionModal
        action={resetTwoFactorAction(t)}
        account={resetting}
        opened={askingReset}
        busy={resetTwoFactor.isPending}
        onConfirm={({ id, email }) =>
          resetTwoFactor.mutate(id, {
            onSuccess: () => notifySuccess(t('merchants.accounts.twoFactorReset', { email })),
            onError: (error) => notifyMerchantError(t, error),
            onSettled: () => {
              setAskingReset(false);
              requestAnimationFrame(() => tableRef.current?.focus());
            },
          })
        }
        onClose={() => setAskingReset(false)}
      />
    </>
  );
}
