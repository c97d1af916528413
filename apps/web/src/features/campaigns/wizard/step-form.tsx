/**
 * The frame of one editable wizard step: the fields, the save button, and
 * the question before unsaved changes are lost (leaving the step inside the
 * app asks in a dialog; closing or reloading the tab asks the browser). A
 * save that leaves the step with errors brings the first invalid field into
 * view and focuses it, wherever the user was on a long step.
 */
import { Button, Group, Stack } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { UnsavedChangesGuard } from '../../../shared/form/unsaved-changes';
import { LockableFields, ReadOnlyNote } from '../../../shared/ui/lockable-fields';
import { useKeepFocus } from '../../../shared/ui/use-keep-focus';

export interface StepFormFrameProps {
  form: {
    dirty: boolean;
    dirtyRef: RefObject<boolean>;
    saving: boolean;
    /** Counts the saves that left the step with errors. */
    errorsShown: number;
    submit: () => void;
    readOnly: boolean;
  };
  children: ReactNode;
}

/** Scrolls a field into the middle of the view and focuses it (or the input inside it). */
function bringIntoView(target: HTMLElement): void {
  const focusable = target.matches('input, textarea, select, button')
    ? target
    : target.querySelector<HTMLElement>('input, textarea, select, button, [tabindex]');
  target.scrollIntoView({ block: 'center' });
  focusable?.focus({ preventScroll: true });
}

export function StepForm({ form, children }: StepFormFrameProps) {
  const { t } = useTranslation();
  const { dirty, dirtyRef, saving, errorsShown, submit, readOnly } = form;

  // A link to one field (an open error on the review) brings it into view and focuses it.
  const [search] = useSearchParams();
  const field = search.get('field');
  useEffect(() => {
    if (!field) return;
    const target = document.querySelector<HTMLElement>(`[data-field="${CSS.escape(field)}"]`);
    if (target) bringIntoView(target);
  }, [field]);

  // The fields rest while a save is on its way: what is typed meanwhile would
  // be replaced by the stored values. The field that had the focus gets it back.
  const fieldsRef = useKeepFocus<HTMLFieldSetElement>(saving);

  // A save left errors: the first invalid field (in the page's order) comes
  // into view once the fields are enabled again, as the step's alert says.
  const broughtIntoView = useRef(0);
  useEffect(() => {
    if (saving || errorsShown === broughtIntoView.current) return;
    broughtIntoView.current = errorsShown;
    const invalid = fieldsRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) bringIntoView(invalid);
  }, [errorsShown, saving, fieldsRef]);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        {readOnly && <ReadOnlyNote>{t('campaigns.wizard.notEditable')}</ReadOnlyNote>}
        <LockableFields
          ref={fieldsRef}
          disabled={readOnly || saving}
          aria-busy={saving || undefined}
        >
          <Stack gap="md">{children}</Stack>
        </LockableFields>
        {!readOnly && (
          <Group>
            <Button
              type="submit"
              loading={saving}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            >
              {t('campaigns.wizard.save')}
            </Button>
          </Group>
        )}
      </Stack>
      <UnsavedChangesGuard
        dirty={dirty}
        dirtyRef={dirtyRef}
        texts={{
          title: t('campaigns.wizard.unsaved.title'),
          text: t('campaigns.wizard.unsaved.text'),
          stay: t('campaigns.wizard.unsaved.stay'),
          leave: t('campaigns.wizard.unsaved.leave'),
        }}
      />
    </form>
  );
}
