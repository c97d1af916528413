/**
 * /api-keys (admins): the keys the consumer app sends participation data
 * with (POST /api/ingest/events). Create one by name (its secret is shown
 * once), see when each was created, by whom and last used, revoke one after
 * a confirmation. Other users are sent to please-upgrade.
 */
import { ZApiKeyCreateBody, type TApiKey } from '@backoffice/domain';
import {
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBan, IconPlus } from '@tabler/icons-react';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../../shared/ui/row-action';
import { DataTable, dataColumns, type DataColumn } from '../../../shared/ui/data-table';
import { formatDateTime } from '../../../shared/format/date-time';
import { notifySuccess } from '../../../shared/ui/notify';
import { SecretOnceModal } from '../../../shared/ui/secret-once-modal';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { RevokeKeyModal } from '../components/revoke-key-modal';

const NAME_MAX = ZApiKeyCreateBody.shape.name.maxLength ?? 100;

function CreateKeyForm({ onCreated }: { onCreated: (name: string, secret: string) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const valid = ZApiKeyCreateBody.safeParse({ name }).success;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (!valid) return;
    create.mutate(name.trim(), {
      onSuccess: ({ key, secret }) => {
        setName('');
        setTried(false);
        onCreated(key.name, secret);
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('apiKeys.create.name')}
          placeholder={t('apiKeys.create.namePlaceholder')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={NAME_MAX}
          required
          error={tried && !valid ? t('apiKeys.create.required') : undefined}
          miw={320}
        />
        <Button
          type="submit"
          leftSection={<IconPlus size={16} aria-hidden />}
          loading={create.isPending}
        >
          {t('apiKeys.create.submit')}
        </Button>
      </Group>
    </Paper>
  );
}

const column = dataColumns<TApiKey>();

function useKeyColumns(onRevoke: (key: TApiKey) => void): DataColumn<TApiKey>[] {
  const { t } = useTranslation();
  return column.columns([
    column.accessor('name', { header: t('apiKeys.fields.name'), meta: { strong: true } }),
    column.accessor('prefix', {
      header: t('apiKeys.fields.prefix'),
      cell: ({ row }) => <Code>{row.original.prefix}</Code>,
    }),
    column.accessor('created', {
      header: t('apiKeys.fields.created'),
      cell: ({ row: { original: key } }) => (
        <>
          <Text size="sm">{formatDateTime(key.created)}</Text>
          {key.created_by && (
            <Text size="xs" c="dimmed">
              {t('apiKeys.values.createdBy', { email: key.created_by })}
            </Text>
          )}
        </>
      ),
    }),
    column.accessor(
      (key) => (key.last_used ? formatDateTime(key.last_used) : t('apiKeys.values.neverUsed')),
      { id: 'lastUsed', header: t('apiKeys.fields.lastUsed') },
    ),
    column.display({
      id: 'state',
      header: t('apiKeys.fields.state'),
      cell: ({ row: { original: key } }) =>
        key.revoked ? (
          <Text size="sm" c="dimmed">
            {t('apiKeys.values.revokedAt', { date: formatDateTime(key.revoked) })}
          </Text>
        ) : (
          <Badge color="teal" variant="light">
            {t('apiKeys.values.active')}
          </Badge>
        ),
    }),
    column.display({
      id: 'actions',
      header: t('apiKeys.fields.actions'),
      cell: ({ row: { original: key } }) =>
        !key.revoked && (
          <RowAction
            label={t('apiKeys.revoke.action')}
            named={t('apiKeys.revoke.named', { name: key.name })}
            icon={IconBan}
            variant="subtle"
            color="red"
            onClick={() => onRevoke(key)}
          />
        ),
    }),
  ]);
}

export function ApiKeysPage() {
  const { t } = useTranslation();
  const list = useApiKeys();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<{ name: string; secret: string } | undefined>();
  const [toRevoke, setToRevoke] = useState<TApiKey | undefined>();
  const columns = useKeyColumns(setToRevoke);

  const onRevoke = () => {
    if (!toRevoke) return;
    const { name } = toRevoke;
    revoke.mutate(toRevoke.id, {
      onSuccess: () => notifySuccess(t('apiKeys.alerts.revoked', { name })),
      onSettled: () => setToRevoke(undefined),
    });
  };

  return (
    <Stack gap="md" py="md">
      <Group justify="space-between">
        <div>
          <Title order={1}>{t('apiKeys.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('apiKeys.intro')}
          </Text>
        </div>
        {list.isFetching && <Loader size="sm" aria-label={t('app.loading')} />}
      </Group>

      <CreateKeyForm
        onCreated={(name, secret) => {
          notifySuccess(t('apiKeys.alerts.created', { name }));
          setCreated({ name, secret });
        }}
      />

      <DataTable
        label={t('apiKeys.tableLabel')}
        columns={columns}
        rows={list.data?.keys}
        rowKey={(key) => key.id}
        rowAttributes={(key) => ({ 'data-testid': 'api-key-row', 'data-key': key.id })}
        query={list}
        emptyText={t('apiKeys.empty')}
        minWidth={900}
      />

      <SecretOnceModal
        secret={created?.secret}
        labels={{
          title: t('apiKeys.secret.title', { name: created?.name ?? '' }),
          once: t('apiKeys.secret.once'),
          label: t('apiKeys.secret.label'),
          copy: t('apiKeys.secret.copy'),
          copied: t('apiKeys.secret.copied'),
          done: t('apiKeys.secret.done'),
        }}
        testId="api-key-secret"
        onClose={() => setCreated(undefined)}
      />
      <RevokeKeyModal
        name={toRevoke?.name}
        busy={revoke.isPending}
        onConfirm={onRevoke}
        onClose={() => setToRevoke(undefined)}
      />
    </Stack>
  );
}

export { ApiKeysPage as Component };
