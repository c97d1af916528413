/** Asks before an API key is revoked: the consumer app's requests with it fail from then on. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface RevokeKeyModalProps {
  /** The name of the key to revoke; the modal is closed while undefined. */
  name: string | undefined;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function RevokeKeyModal({ name, busy, onConfirm, onClose }: RevokeKeyModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={name !== undefined}
      onClose={onClose}
      title={t('apiKeys.revoke.title')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      centered
    >
      <Stack gap="md">
        <Text>{t('apiKeys.revoke.question', { name: name ?? '' })}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('apiKeys.revoke.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy} data-autofocus>
            {t('apiKeys.revoke.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
