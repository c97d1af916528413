/**
 * Asks an admin for the required reason before a campaign is rejected, and
 * says what rejecting does: the merchant reads the reason and may revise and
 * submit the campaign again. Cancelling leaves the campaign as it was.
 */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onFieldLeft } from '../../../shared/form/required-field';

export interface RejectModalProps {
  /** The title of the campaign to reject; the modal is closed while undefined. */
  title: string | undefined;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

export function RejectModal({ title, busy, onConfirm, onClose }: RejectModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={title !== undefined}
      onClose={onClose}
      title={t('review.rejectTitle')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      centered
    >
      {/* Mounted only while open, so every opening starts without a reason. */}
      {title !== undefined && (
        <RejectForm title={title} busy={busy} onConfirm={onConfirm} onClose={onClose} />
      )}
    </Modal>
  );
}

function RejectForm({ title, busy, onConfirm, onClose }: RejectModalProps & { title: string }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!missing) onConfirm(reason.trim());
      }}
    >
      <Stack gap="md">
        <Text>{t('review.rejectQuestion', { title })}</Text>
        <Textarea
          label={t('review.rejectReason')}
          description={t('review.rejectReasonHint')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          onBlur={onFieldLeft(() => setTouched(true))}
          error={touched && missing ? t('review.required') : undefined}
          required
          autosize
          minRows={3}
          maxLength={2000}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('review.cancel')}
          </Button>
          <Button type="submit" color="red" loading={busy} disabled={missing}>
            {t('review.reject')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
