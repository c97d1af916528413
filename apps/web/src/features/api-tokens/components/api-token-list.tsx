/**
 * A merchant's tokens for integrators in the shared table: name, the start
 * of the secret, roles, access, created (and by whom), expiry, last use and
 * state; "API-Zugang anlegen" opens the dialog, whose new token's secret is
 * shown once; "Widerrufen" asks first.
 */
import type { AccountRole, TApiToken, TApiTokenCreated } from '@backoffice/domain';
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconBan, IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date-time';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { DataTable, dataColumns, type DataColumn } from '../../../shared/ui/data-table';
import { notifySuccess } from '../../../shared/ui/notify';
import { RowAction } from '../../../shared/ui/row-action';
import { SecretOnceModal } from '../../../shared/ui/secret-once-modal';
import { useApiTokens } from '../api/get-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { apiTokenState } from '../api-token-labels';
import { ApiTokenFormModal } from './api-token-form-modal';
import { ApiTokenState } from './api-token-state';

const column = dataColumns<TApiToken>();

function tokenColumns(t: TFunction, onRevoke: (token: TApiToken) => void): DataColumn<TApiToken>[] {
  return column.columns([
    column.accessor('name', { header: t('apiTokens.fields.name'), meta: { strong: true } }),
    column.accessor('prefix', {
      header: t('apiTokens.fields.prefix'),
      cell: ({ row }) => <Code>{row.original.prefix}</Code>,
    }),
    column.display({
      id: 'roles',
      header: t('apiTokens.fields.roles'),
      cell: ({ row: { original: token } }) => (
        <Stack gap={0}>
          {token.roles.map((role) => (
            <Text key={role} size="sm">
              {t(`merchants.roles.${role}`)}
            </Text>
          ))}
        </Stack>
      ),
    }),
    column.accessor((token) => t(`apiTokens.access.${token.access}`), {
      id: 'access',
      header: t('apiTokens.fields.access'),
    }),
    column.accessor('createdAt', {
      header: t('apiTokens.fields.created'),
      cell: ({ row: { original: token } }) => (
        <>
          <Text size="sm">{formatDateTime(token.createdAt)}</Text>
          {token.createdBy && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('apiTokens.values.createdBy', { email: token.createdBy.email })}
            </Text>
          )}
        </>
      ),
    }),
    column.accessor(
      (token) =>
        token.expiresAt ? formatDateTime(token.expiresAt) : t('apiTokens.values.noExpiry'),
      { id: 'expires', header: t('apiTokens.fields.expires') },
    ),
    column.accessor(
      (token) =>
        token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t('apiTokens.values.neverUsed'),
      { id: 'lastUsed', header: t('apiTokens.fields.lastUsed') },
    ),
    column.display({
      id: 'state',
      header: t('apiTokens.fields.state'),
      cell: ({ row: { original: token } }) => <ApiTokenState token={token} />,
    }),
    column.display({
      id: 'actions',
      header: t('apiTokens.fields.actions'),
      cell: ({ row: { original: token } }) =>
        apiTokenState(token) !== 'revoked' && (
          <RowAction
            label={t('apiTokens.revoke.action')}
            named={t('apiTokens.revoke.named', { name: token.name })}
            icon={IconBan}
            variant="subtle"
            color="red"
            asks
            onClick={() => onRevoke(token)}
          />
        ),
    }),
  ]);
}

export interface ApiTokenListProps {
  merchantId: string;
  /** The roles the user may give a new token. */
  grantable: readonly AccountRole[];
}

export function ApiTokenList({ merchantId, grantable }: ApiTokenListProps) {
  const { t } = useTranslation();
  const list = useApiTokens(merchantId);
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ name: string; secret: string } | undefined>();
  const [toRevoke, setToRevoke] = useState<TApiToken | undefined>();

  const onRevoke = () => {
    if (!toRevoke) return;
    const { id, name } = toRevoke;
    revoke.mutate(id, {
      onSuccess: () => notifySuccess(t('apiTokens.alerts.revoked', { name })),
      onSettled: () => setToRevoke(undefined),
    });
  };

  return (
    <>
      <DataTable
        label={t('apiTokens.tableLabel')}
        columns={tokenColumns(t, setToRevoke)}
        rows={list.data?.items}
        rowKey={(token) => token.id}
        rowAttributes={(token) => ({ 'data-testid': 'api-token-row', 'data-key': token.id })}
        query={list}
        emptyText={t('apiTokens.empty')}
        withTableBorder
        minWidth={1000}
        footer={
          <Group>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              aria-haspopup="dialog"
              onClick={() => setCreating(true)}
            >
              {t('apiTokens.add')}
            </Button>
          </Group>
        }
      />
      {creating && (
        <ApiTokenFormModal
          merchantId={merchantId}
          grantable={grantable}
          onClose={() => setCreating(false)}
          onCreated={({ token, secret: value }: TApiTokenCreated) =>
            setSecret({ name: token.name, secret: value })
          }
        />
      )}
      <SecretOnceModal
        secret={secret?.secret}
        labels={{
          title: t('apiTokens.secret.title', { name: secret?.name ?? '' }),
          once: t('apiTokens.secret.once'),
          label: t('apiTokens.secret.label'),
          copy: t('apiTokens.secret.copy'),
          copied: t('apiTokens.secret.copied'),
          done: t('apiTokens.secret.done'),
        }}
        testId="api-token-secret"
        onClose={() => setSecret(undefined)}
      >
        <Text size="sm">{t('apiTokens.secret.usage')}</Text>
      </SecretOnceModal>
      <ConfirmModal
        opened={toRevoke !== undefined}
        title={t('apiTokens.revoke.title')}
        confirmLabel={t('apiTokens.revoke.confirm')}
        cancelLabel={t('apiTokens.revoke.cancel')}
        confirmColor="red"
        confirmIcon={<IconBan size={16} aria-hidden />}
        busy={revoke.isPending}
        onConfirm={onRevoke}
        onClose={() => setToRevoke(undefined)}
      >
        {t('apiTokens.revoke.question', { name: toRevoke?.name ?? '' })}
      </ConfirmModal>
    </>
  );
}
