/**
 * /{merchantIdent}/accounts (docs/product.md#screens-and-routes, docs/product.md#roles-and-access, docs/product.md#messages): the accounts with roles and
 * pending invitations, add by email, invite, change roles, remove (after a
 * question that says what removing does); the three-account limit below
 * silver. Which accounts sign in with two factors; admins can reset an
 * account's second factor (after a question).
 */
import {
  ACCOUNT_ROLES,
  ZAccountEmail,
  ZAddAccountBody,
  canAddAccount,
  isAdmin,
  type AccountRole,
  type TAccount,
} from '@backoffice/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconMailForward, IconShieldOff, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useSchemaForm } from '../../../shared/form/use-schema-form';
import { useSession } from '../../../shared/session/session-store';
import { NotFoundPage } from '../../../shared/ui/not-found-page';
import { notifySuccess } from '../../../shared/ui/notify';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { DataTable, dataColumns, type DataColumn } from '../../../shared/ui/data-table';
import { QueryState } from '../../../shared/ui/query-state';
import { useKeepFocus } from '../../../shared/ui/use-keep-focus';
import {
  useAccounts,
  useAddAccount,
  useChangeRoles,
  useInviteAccount,
  useRemoveAccount,
  useResetTwoFactor,
} from '../api/accounts';
import { MerchantTabs } from '../../../shared/resources/merchants/merchant-tabs';
import { notifyMerchantError, validationText } from '../merchant-errors';
import { useMerchantIdent } from '../use-merchant-ident';

/** The address field's schema: the domain's add body, its address alone. */
const EMAIL_FORM = ZAddAccountBody.pick({ user_email: true });
/** Options of form.getInputProps: a required field (docs/product.md#validation). */
const REQUIRED = { required: true };

function RoleCheckboxes({
  account,
  saving,
  onChange,
}: {
  account: TAccount;
  /** While a change of this account's roles is saved: each change is made of the roles shown. */
  saving: boolean;
  onChange: (roles: AccountRole[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      {ACCOUNT_ROLES.map((role) => (
        <Checkbox
          key={role}
          size="xs"
          label={t(`merchants.roles.${role}`)}
          aria-label={t('merchants.accounts.roleFor', {
            role: t(`merchants.roles.${role}`),
            email: account.email,
          })}
          checked={account.roles.includes(role)}
          disabled={saving}
          onChange={(event) =>
            onChange(
              event.currentTarget.checked
                ? ACCOUNT_ROLES.filter((r) => r === role || account.roles.includes(r))
                : account.roles.filter((r) => r !== role),
            )
          }
        />
      ))}
    </Group>
  );
}

const column = dataColumns<TAccount>();

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
        <RoleCheckboxes
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
        <Group gap={4} wrap="nowrap">
          {admin && account.two_factor && (
            <Tooltip label={t('merchants.accounts.resetTwoFactor')}>
              <ActionIcon
                variant="subtle"
                color="orange.9"
                loading={resettingOf(account)}
                aria-label={t('merchants.accounts.resetTwoFactorFor', { email: account.email })}
                aria-haspopup="dialog"
                onClick={() => onReset(account)}
              >
                <IconShieldOff size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t('merchants.accounts.remove')}>
            <ActionIcon
              variant="subtle"
              color="red"
              loading={removingOf(account)}
              aria-label={t('merchants.accounts.removeAccount', { email: account.email })}
              aria-haspopup="dialog"
              onClick={() => onRemove(account)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    }),
  ]);
}

function Accounts({ merchantIdent }: { merchantIdent: string }) {
  const { t } = useTranslation();
  const { merchant, user } = useSession();
  const admin = user !== null && isAdmin(user);
  const accounts = useAccounts(merchantIdent);
  const resetTwoFactor = useResetTwoFactor(merchantIdent);
  // The account whose second factor an admin is asked about resetting.
  const [resetting, setResetting] = useState<TAccount | undefined>();
  const [askingReset, setAskingReset] = useState(false);
  const add = useAddAccount(merchantIdent);
  const invite = useInviteAccount(merchantIdent);
  const changeRoles = useChangeRoles(merchantIdent);
  const remove = useRemoveAccount(merchantIdent);
  // The account whose removal is asked about, while `asking`; kept while the
  // question fades out, so that its text stays until it is gone.
  const [removing, setRemoving] = useState<TAccount | undefined>();
  const [asking, setAsking] = useState(false);
  // A role change rests the account's checkboxes: the focus comes back to the
  // checkbox. A removal takes the row away: the focus goes to the list (after the question).
  const tableRef = useKeepFocus<HTMLTableElement>(changeRoles.isPending);
  const form = useSchemaForm({
    initialValues: { user_email: '' },
    // 'Bitte Email-Adresse angeben' for an empty or malformed address (docs/product.md#validation).
    schema: EMAIL_FORM,
    errorText: (key) => validationText(t, key),
  });

  if (!accounts.data) return <QueryState query={accounts} />;
  const { rows, limit } = accounts.data;
  const level = merchant?.uuid === merchantIdent ? merchant.level : limit === null ? 1 : 0;
  const atLimit = !canAddAccount(level, rows.length) && limit !== null;

  // The address as the server stores it (the form's schema accepted it).
  const normalised = (values: { user_email: string }) => ZAccountEmail.parse(values.user_email);
  const onAdd = form.onSubmit((values) => {
    const userEmail = normalised(values);
    add.mutate(
      { user_email: userEmail, roles: ['manage-campaigns'] },
      {
        onSuccess: () => {
          form.reset();
          notifySuccess(t('merchants.accounts.added', { email: userEmail }));
        },
        onError: (error) => notifyMerchantError(t, error),
      },
    );
  });
  const onInvite = form.onSubmit((values) => {
    const userEmail = normalised(values);
    invite.mutate(
      { user_email: userEmail, roles: ['manage-campaigns'] },
      {
        onSuccess: () => {
          form.reset();
          notifySuccess(t('merchants.accounts.invitationSent', { email: userEmail }));
        },
        onError: (error) => notifyMerchantError(t, error),
      },
    );
  });

  return (
    <Stack gap="md">
      {atLimit && (
        <Alert color="orange" variant="light" data-testid="account-limit">
          {t('errors.server.account_limit_reached')}
        </Alert>
      )}
      <Paper withBorder p="md" component="form" onSubmit={onAdd} noValidate>
        <Group align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label={t('merchants.accounts.email')}
            type="email"
            {...form.getInputProps('user_email', REQUIRED)}
            disabled={atLimit}
          />
          <Button
            type="submit"
            leftSection={<IconUserPlus size={16} aria-hidden />}
            loading={add.isPending}
            disabled={atLimit || invite.isPending}
          >
            {t('merchants.accounts.add')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconMailForward size={16} aria-hidden />}
            onClick={() => onInvite()}
            loading={invite.isPending}
            disabled={atLimit || add.isPending}
          >
            {t('merchants.accounts.invite')}
          </Button>
        </Group>
      </Paper>
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
      <ConfirmModal
        opened={asking}
        title={t('merchants.accounts.removeTitle')}
        cancelLabel={t('merchants.confirm.cancel')}
        confirmLabel={t('merchants.accounts.removeConfirm')}
        confirmColor="red"
        confirmIcon={<IconTrash size={16} aria-hidden />}
        busy={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => notifySuccess(t('merchants.accounts.removed')),
            onError: (error) => notifyMerchantError(t, error),
            onSettled: () => {
              setAsking(false);
              // The row's button is gone (or the keyboard user starts again at the list).
              requestAnimationFrame(() => tableRef.current?.focus());
            },
          });
        }}
        onClose={() => setAsking(false)}
      >
        {removing &&
          t(
            removing.is_self
              ? 'merchants.accounts.removeSelfQuestion'
              : 'merchants.accounts.removeQuestion',
            {
              email: removing.email,
            },
          )}
      </ConfirmModal>
      <ConfirmModal
        opened={askingReset}
        title={t('merchants.accounts.resetTwoFactorTitle')}
        cancelLabel={t('merchants.confirm.cancel')}
        confirmLabel={t('merchants.accounts.resetTwoFactorConfirm')}
        confirmColor="red"
        confirmIcon={<IconShieldOff size={16} aria-hidden />}
        busy={resetTwoFactor.isPending}
        onConfirm={() => {
          if (!resetting) return;
          const { email } = resetting;
          resetTwoFactor.mutate(resetting.id, {
            onSuccess: () => notifySuccess(t('merchants.accounts.twoFactorReset', { email })),
            onError: (error) => notifyMerchantError(t, error),
            onSettled: () => {
              setAskingReset(false);
              requestAnimationFrame(() => tableRef.current?.focus());
            },
          });
        }}
        onClose={() => setAskingReset(false)}
      >
        {resetting && t('merchants.accounts.resetTwoFactorQuestion', { email: resetting.email })}
      </ConfirmModal>
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
