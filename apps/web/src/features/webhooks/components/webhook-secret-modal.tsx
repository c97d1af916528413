/**
 * Shows a webhook's secret once, after the endpoint was made or given a new
 * secret, with a copy button and how a receiver verifies the messages
 * (Standard Webhooks headers); the server never shows it again.
 */
import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../../shared/ui/copy-value-button';

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
  const labelId = useId();
  return (
    <Modal
      opened={shown !== undefined}
      onClose={onClose}
      title={t('webhooks.secret.title')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      // Closing by a stray click would lose the secret for good.
      closeOnClickOutside={false}
      size="lg"
      centered
    >
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('webhooks.secret.once')}
        </Alert>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {shown?.url ?? ''}
        </Text>
        <Text size="sm" fw={600} id={labelId}>
          {t('webhooks.secret.label')}
        </Text>
        <Code
          block
          aria-labelledby={labelId}
          data-testid="webhook-secret"
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        >
          {shown?.secret ?? ''}
        </Code>
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
        <Group justify="space-between">
          <CopyValueButton
            value={shown?.secret ?? ''}
            labels={{ copy: t('webhooks.secret.copy'), copied: t('webhooks.secret.copied') }}
          />
          <Button onClick={onClose}>{t('webhooks.secret.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
