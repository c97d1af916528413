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
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBan, IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date-time';
import { notifySuccess } from '../../../shared/ui/notify';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { RevokeKeyModal } from '../components/revoke-key-modal';
import { SecretModal } from '../components/secret-modal';

const NAME_MAX = ZApiKeyCreateBody.shape.name.maxLength ?? 100;

function CreateKeyForm({ onCreated }: { onCreated: (name: string, secret: string) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const valid = ZApiKeyCreateBody.safeParse({ name }).success;

  const submit = (event: FormEvent) => {
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

export function ApiKeysPage() {
  const { t } = useTranslation();
  const list = useApiKeys();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<{ name: string; secret: string } | undefined>();
  const [toRevoke, setToRevoke] = useState<TApiKey | undefined>();
  const keys = list.data?.keys ?? [];

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

      <Table.ScrollContainer minWidth={900}>
        <Table striped verticalSpacing="sm" aria-label={t('apiKeys.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('apiKeys.fields.name')}</Table.Th>
              <Table.Th>{t('apiKeys.fields.prefix')}</Table.Th>
              <Table.Th>{t('apiKeys.fields.created')}</Table.Th>
              <Table.Th>{t('apiKeys.fields.lastUsed')}</Table.Th>
              <Table.Th>{t('apiKeys.fields.state')}</Table.Th>
              <Table.Th>{t('apiKeys.fields.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((key) => (
              <Table.Tr key={key.id} data-testid="api-key-row" data-key={key.id}>
                <Table.Td fw={600}>{key.name}</Table.Td>
                <Table.Td>
                  <Code>{key.prefix}</Code>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(key.created)}</Text>
                  {key.created_by && (
                    <Text size="xs" c="dimmed">
                      {t('apiKeys.values.createdBy', { email: key.created_by })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {key.last_used ? formatDateTime(key.last_used) : t('apiKeys.values.neverUsed')}
                </Table.Td>
                <Table.Td>
                  {key.revoked ? (
                    <Text size="sm" c="dimmed">
                      {t('apiKeys.values.revokedAt', { date: formatDateTime(key.revoked) })}
                    </Text>
                  ) : (
                    <Badge color="teal" variant="light">
                      {t('apiKeys.values.active')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {!key.revoked && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconBan size={14} aria-hidden />}
                      aria-label={t('apiKeys.revoke.named', { name: key.name })}
                      onClick={() => setToRevoke(key)}
                    >
                      {t('apiKeys.revoke.action')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.isSuccess && keys.length === 0 && <Text c="dimmed">{t('apiKeys.empty')}</Text>}

      <SecretModal created={created} onClose={() => setCreated(undefined)} />
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
