/**
 * Shows a new secret once (an API key's, a webhook's, an integrator's token),
 * with a copy button; the server keeps only its hash and never shows it
 * again. The texts are the caller's; what a feature adds (the webhook's URL,
 * how a caller sends the secret) goes above or below the secret.
 */
import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from './copy-value-button';

export interface SecretOnceModalProps {
  /** The secret; the modal is closed while undefined. */
  secret: string | undefined;
  /** The caller's texts: the dialog's name, the warning, the secret's label and the buttons. */
  labels: {
    title: string;
    once: string;
    label: string;
    copy: string;
    copied: string;
    done: string;
  };
  /** The secret's block, for the browser tests that read it. */
  testId: string;
  /** Between the warning and the secret (the webhook's URL). */
  context?: ReactNode;
  /** Below the secret: how it is used. */
  children?: ReactNode;
  onClose: () => void;
}

export function SecretOnceModal({
  secret,
  labels,
  testId,
  context,
  children,
  onClose,
}: SecretOnceModalProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Modal
      opened={secret !== undefined}
      onClose={onClose}
      title={labels.title}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      // Closing by a stray click would lose the secret for good.
      closeOnClickOutside={false}
      size="lg"
      centered
    >
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {labels.once}
        </Alert>
        {context}
        <Text size="sm" fw={600} id={labelId}>
          {labels.label}
        </Text>
        <Code
          block
          aria-labelledby={labelId}
          data-testid={testId}
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        >
          {secret ?? ''}
        </Code>
        {children}
        <Group justify="space-between">
          <CopyValueButton
            value={secret ?? ''}
            labels={{ copy: labels.copy, copied: labels.copied }}
          />
          <Button onClick={onClose}>{labels.done}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
