/**
 * Asks before an action that cannot be taken back:
 * creating a campaign, a copy or a follow-up, submitting or approving it,
 * removing an account, deleting a location. The text says what will happen;
 * cancelling leaves everything as it was. The confirm button stays busy
 * while the action runs (and, for actions that leave the page, until it is
 * left: `busy` is the caller's).
 */
import { Button, Group, Modal, Stack, Text, type MantineColor } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmModalProps {
  opened: boolean;
  /** The question, as the dialog's name: „Kampagne einreichen?“ */
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  /** The action's verb: „Einreichen“. */
  confirmLabel: string;
  /** „Abbrechen“, from the caller's part of the catalogue (shared code uses only the core's texts). */
  cancelLabel: string;
  confirmColor?: MantineColor;
  confirmIcon?: ReactNode;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  confirmColor,
  confirmIcon,
  busy,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  // Confirmed, the action decides where the focus goes (the button that opened
  // the dialog may be gone with its row); cancelled, it goes back to that button.
  const [confirmed, setConfirmed] = useState(false);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setConfirmed(false);
  }
  return (
    <Modal
      opened={opened}
      returnFocus={!confirmed}
      // A running action is not left half-watched: the dialog stays until it is answered.
      onClose={busy ? () => undefined : onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('actions.close'), disabled: busy }}
      centered
    >
      <Stack gap="md">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            {...(confirmColor ? { color: confirmColor } : {})}
            {...(confirmIcon ? { leftSection: confirmIcon } : {})}
            onClick={() => {
              setConfirmed(true);
              onConfirm();
            }}
            loading={busy}
            data-autofocus
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
