/**
 * The question before unsaved changes are lost: leaving the page inside the
 * app (a link, the back button, the session ending in another tab) asks in
 * a dialog; closing or reloading the tab asks the browser. While the dialog
 * is open the page stays as it is, with what was typed (the session's end
 * then says why it asks: features/auth/session-end.ts).
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

export interface UnsavedChangesTexts {
  title: string;
  text: string;
  stay: string;
  leave: string;
}

/**
 * Whether the form has unsaved changes, as the navigation blocker reads it
 * when a navigation starts, and `whileSaving`, which runs a save without the
 * question: a save that moves on to the saved record's page (a creation)
 * navigates before the form's next render could say it is clean. A save
 * that fails leaves the form as unsaved as before.
 */
export function useDirtyRef(dirty: boolean): {
  dirtyRef: RefObject<boolean>;
  whileSaving: <T>(save: () => Promise<T>) => Promise<T>;
} {
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  const whileSaving = useCallback(async <T,>(save: () => Promise<T>): Promise<T> => {
    const before = dirtyRef.current;
    dirtyRef.current = false;
    try {
      return await save();
    } catch (error) {
      dirtyRef.current = before;
      throw error;
    }
  }, []);
  return { dirtyRef, whileSaving };
}

export function UnsavedChangesGuard({
  dirty,
  dirtyRef,
  texts,
}: {
  dirty: boolean;
  dirtyRef: RefObject<boolean>;
  /** The dialog's texts; the general ones by default. */
  texts?: UnsavedChangesTexts;
}) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  const shown = texts ?? {
    title: t('unsaved.title'),
    text: t('unsaved.text'),
    stay: t('unsaved.stay'),
    leave: t('unsaved.leave'),
  };
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={shown.title}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      centered
    >
      <Stack>
        <Text size="sm">{shown.text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            {shown.stay}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {shown.leave}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
