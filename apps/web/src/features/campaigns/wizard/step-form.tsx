/**
 * The frame of one editable wizard step: the fields, the save button, and
 * the question before unsaved changes are lost (leaving the step inside the
 * app asks in a dialog; closing or reloading the tab asks the browser).
 */
import { Button, Group, Stack } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, type ReactNode, type RefObject } from 'react';
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
    submit: () => void;
    readOnly: boolean;
  };
  children: ReactNode;
}

export function StepForm({ form, children }: StepFormFrameProps) {
  const { t } = useTranslation();
  const { dirty, dirtyRef, saving, submit, readOnly } = form;

  // A link to one field (an open error on the review) brings it into view and focuses it.
  const [search] = useSearchParams();
  const field = search.get('field');
  useEffect(() => {
    if (!field) return;
    const target = document.querySelector<HTMLElement>(`[data-field="${CSS.escape(field)}"]`);
    if (!target) return;
    const focusable = target.matches('input, textarea, select, button')
      ? target
      : target.querySelector<HTMLElement>('input, textarea, select, button, [tabindex]');
    target.scrollIntoView({ block: 'center' });
    focusable?.focus({ preventScroll: true });
  }, [field]);

  // The fields rest while a save is on its way: what is typed meanwhile would
  // be replaced by the stored values. The field that had the focus gets it back.
  const fieldsRef = useKeepFocus<HTMLFieldSetElement>(saving);

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
