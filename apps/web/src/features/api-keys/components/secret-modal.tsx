/** Shows a new API key's secret once, with a copy button; the server never shows it again. */
import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../../shared/ui/copy-value-button';

export interface SecretModalProps {
  /** The key's name and secret; the modal is closed while undefined. */
  created: { name: string; secret: string } | undefined;
  onClose: () => void;
}

export function SecretModal({ created, onClose }: SecretModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={created !== undefined}
      onClose={onClose}
      title={t('apiKeys.secret.title', { name: created?.name ?? '' })}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      // Closing by a stray click would lose the secret for good.
      closeOnClickOutside={false}
      size="lg"
      centered
    >
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('apiKeys.secret.once')}
        </Alert>
        <Text size="sm" fw={600} id="api-key-secret-label">
          {t('apiKeys.secret.label')}
        </Text>
        <Code block aria-labelledby="api-key-secret-label" data-testid="api-key-secret">
          {created?.secret ?? ''}
        </Code>
        <Group justify="space-between">
          <CopyValueButton
            value={created?.secret ?? ''}
            labels={{ copy: t('apiKeys.secret.copy'), copied: t('apiKeys.secret.copied') }}
          />
          <Button onClick={onClose}>{t('apiKeys.secret.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
