/** Asks before a campaign is deleted (docs/product.md#campaign-states "Delete"). */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface DeleteCampaignModalProps {
  /** The title of the campaign to delete; the modal is closed while undefined. */
  title: string | undefined;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function DeleteCampaignModal({ title, busy, onConfirm, onClose }: DeleteCampaignModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={title !== undefined}
      onClose={onClose}
      title={t('campaigns.delete.title')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      centered
    >
      <Stack gap="md">
        <Text>{t('campaigns.delete.question', { title: title ?? '' })}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('campaigns.delete.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy} data-autofocus>
            {t('campaigns.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
