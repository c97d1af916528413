/**
 * Shows a new token's secret once (docs/product.md#tokens-for-integrators),
 * with the shared copy button and how a caller sends it; the server keeps
 * only its hash and never shows it again.
 */
import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../../shared/ui/copy-value-button';

export interface ApiTokenSecretModalProps {
  /** The token's name and secret; the modal is closed while undefined. */
  shown: { name: string; secret: string } | undefined;
  onClose: () => void;
}

export function ApiTokenSecretModal({ shown, onClose }: ApiTokenSecretModalProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Modal
      opened={shown !== undefined}
      onClose={onClose}
      title={t('apiTokens.secret.title', { name: shown?.name ?? '' })}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      // Closing by a stray click would lose the secret for good.
      closeOnClickOutside={false}
      size="lg"
      centered
    >
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('apiTokens.secret.once')}
        </Alert>
        <Text size="sm" fw={600} id={labelId}>
          {t('apiTokens.secret.label')}
        </Text>
        <Code
          block
          aria-labelledby={labelId}
          data-testid="api-token-secret"
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        >
          {shown?.secret ?? ''}
        </Code>
        <Text size="sm">{t('apiTokens.secret.usage')}</Text>
        <Group justify="space-between">
          <CopyValueButton
            value={shown?.secret ?? ''}
            labels={{ copy: t('apiTokens.secret.copy'), copied: t('apiTokens.secret.copied') }}
          />
          <Button onClick={onClose}>{t('apiTokens.secret.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
