/**
 * Shows a webhook's secret once, after the endpoint was made or given a new
 * secret (the list and the endpoint's page both do), with how a receiver
 * verifies the messages (Standard Webhooks headers).
 */
import { Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SecretOnceModal } from '../../../shared/ui/secret-once-modal';

/** How a receiver checks a message in Node.js, with the `standardwebhooks` package. */
const VERIFY_EXAMPLE = `import { Webhook } from 'standardwebhooks';
const payload = new Webhook(secret).verify(rawBody, request.headers);`;

export interface WebhookSecretModalProps {
  /** The endpoint's URL and its new secret; the modal is closed while undefined. */
  shown: { url: string; secret: string } | undefined;
  onClose: () => void;
}

export function WebhookSecretModal({ shown, onClose }: WebhookSecretModalProps) {
  const { t } = useTranslation();
  return (
    <SecretOnceModal
      secret={shown?.secret}
      labels={{
        title: t('webhooks.secret.title'),
        once: t('webhooks.secret.once'),
        label: t('webhooks.secret.label'),
        copy: t('webhooks.secret.copy'),
        copied: t('webhooks.secret.copied'),
        done: t('webhooks.secret.done'),
      }}
      testId="webhook-secret"
      context={
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {shown?.url ?? ''}
        </Text>
      }
      onClose={onClose}
    >
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('webhooks.secret.verifyTitle')}
        </Text>
        <Text size="sm">{t('webhooks.secret.verify')}</Text>
        <Code block>{VERIFY_EXAMPLE}</Code>
        <Text size="sm" c="dimmed">
          {t('webhooks.secret.verifyDedupe')}
        </Text>
      </Stack>
    </SecretOnceModal>
  );
}
