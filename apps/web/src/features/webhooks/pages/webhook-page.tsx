/**
 * One webhook endpoint (docs/product.md#webhooks), a merchant's at
 * /{merchantIdent}/webhooks/{id} or the admins' at /webhooks/{id}: its
 * settings with "Bearbeiten", "Test senden", "Neues Secret" (after a
 * question; the secret is shown once) and delete (after a question), and
 * below them the delivery log.
 */
import type { TWebhookEndpoint } from '@backoffice/domain';
import { Anchor, Button, Code, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconKey, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format/date-time';
import { isIdent, paths } from '../../../shared/paths';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { NotFoundPage } from '../../../shared/ui/not-found-page';
import { notifySuccess } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/query-state';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhook } from '../api/get-webhook';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSendWebhookTest } from '../api/send-webhook-test';
import { DeliveryLog } from '../components/delivery-log';
import { EndpointState } from '../components/endpoint-state';
import { EventBadges } from '../components/event-badges';
import { WebhookFormModal } from '../components/webhook-form-modal';
import { WebhookSecretModal } from '../components/webhook-secret-modal';
import { endpointName } from '../webhook-labels';

function Setting({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

type Asking = 'delete' | 'secret' | undefined;

function Endpoint({ endpoint, listPath }: { endpoint: TWebhookEndpoint; listPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const test = useSendWebhookTest();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<Asking>();
  const [secret, setSecret] = useState<{ url: string; secret: string } | undefined>();
  const name = endpointName(endpoint);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} miw={0}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {endpoint.description || t('webhooks.detail.noDescription')}
          </Title>
          <EndpointState endpoint={endpoint} />
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            loading={test.isPending}
            onClick={() =>
              test.mutate(endpoint.id, {
                onSuccess: () => notifySuccess(t('webhooks.detail.testSent')),
              })
            }
          >
            {t('webhooks.detail.sendTest')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            aria-haspopup="dialog"
            onClick={() => setEditing(true)}
          >
            {t('webhooks.detail.edit')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconKey size={16} aria-hidden />}
            aria-haspopup="dialog"
            onClick={() => setAsking('secret')}
          >
            {t('webhooks.detail.newSecret')}
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            aria-haspopup="dialog"
            onClick={() => setAsking('delete')}
          >
            {t('webhooks.detail.delete')}
          </Button>
        </Group>
      </Group>

      <Paper
        withBorder
        radius="md"
        p="md"
        component="section"
        aria-label={t('webhooks.detail.settings')}
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Setting label={t('webhooks.fields.url')}>
            <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{endpoint.url}</Code>
          </Setting>
          <Setting label={t('webhooks.fields.created')}>
            <Text size="sm">{formatDateTime(endpoint.created)}</Text>
          </Setting>
          <Setting label={t('webhooks.fields.events')}>
            <EventBadges events={endpoint.events} />
          </Setting>
        </SimpleGrid>
      </Paper>

      <DeliveryLog endpointId={endpoint.id} />

      {editing && (
        <WebhookFormModal
          key={endpoint.version}
          owner={endpoint.merchant_id}
          endpoint={endpoint}
          opened
          onClose={() => setEditing(false)}
        />
      )}
      <WebhookSecretModal shown={secret} onClose={() => setSecret(undefined)} />
      <ConfirmModal
        opened={asking === 'secret'}
        title={t('webhooks.detail.secretTitle')}
        cancelLabel={t('webhooks.detail.cancel')}
        confirmLabel={t('webhooks.detail.secretConfirm')}
        confirmIcon={<IconKey size={16} aria-hidden />}
        busy={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(endpoint.id, {
            onSuccess: (answer) => setSecret({ url: answer.endpoint.url, secret: answer.secret }),
            onSettled: () => setAsking(undefined),
          })
        }
        onClose={() => setAsking(undefined)}
      >
        {t('webhooks.detail.secretQuestion')}
      </ConfirmModal>
      <ConfirmModal
        opened={asking === 'delete'}
        title={t('webhooks.detail.deleteTitle')}
        cancelLabel={t('webhooks.detail.cancel')}
        confirmLabel={t('webhooks.detail.deleteConfirm')}
        confirmColor="red"
        confirmIcon={<IconTrash size={16} aria-hidden />}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: () => {
              notifySuccess(t('webhooks.detail.deleted'));
              void navigate(listPath);
            },
            onSettled: () => setAsking(undefined),
          })
        }
        onClose={() => setAsking(undefined)}
      >
        {t('webhooks.detail.deleteQuestion', { name })}
      </ConfirmModal>
    </Stack>
  );
}

export function WebhookPage() {
  const { t } = useTranslation();
  const { merchantIdent, webhookId = '' } = useParams();
  const query = useWebhook(webhookId);
  if (merchantIdent !== undefined && !isIdent(merchantIdent)) return <NotFoundPage />;
  const listPath = merchantIdent
    ? paths.merchant.webhooks({ merchantIdent })
    : paths.adminWebhooks.list();
  return (
    <Stack gap="md" maw={1400} py="md">
      <Anchor component={Link} to={listPath} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {t('webhooks.detail.back')}
        </Group>
      </Anchor>
      {query.data ? (
        <Endpoint key={query.data.id} endpoint={query.data} listPath={listPath} />
      ) : (
        <QueryState query={query} />
      )}
    </Stack>
  );
}

export { WebhookPage as Component };
