/**
 * "Passwort ändern" from the user menu: the current password, the new one
 * twice. The form checks what it can (filled in, at least 8 characters, the
 * repetition); the server checks the current password and the whole policy
 * and names the field it refuses, which the form shows there. After the
 * change the person stays signed in here; their other devices are signed
 * out, as the success message says.
 */
import { PASSWORD_MIN_LENGTH, isMessageKey } from '@backoffice/domain';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { alertQuietAnswer } from '../../../shared/api/request';
import { translateServerMessage } from '../../../shared/api/error-text';
import { notifySuccess } from '../../../shared/ui/notify';
import { useChangeMyPassword } from '../api/my-password';

const FIELDS = ['current_password', 'new_password', 'new_password_repeat'] as const;
type Field = (typeof FIELDS)[number];
const [CURRENT, NEW, REPEAT] = FIELDS;
type Errors = Partial<Record<Field, string>>;

const EMPTY = { current_password: '', new_password: '', new_password_repeat: '' };

export interface PasswordChangeModalProps {
  opened: boolean;
  onClose: () => void;
}

export function PasswordChangeModal({ opened, onClose }: PasswordChangeModalProps) {
  const { t } = useTranslation();
  const change = useChangeMyPassword();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});

  const close = () => {
    setValues(EMPTY);
    setErrors({});
    change.reset();
    onClose();
  };

  /** What the form itself can tell about the values. */
  const check = (): Errors => {
    const found: Errors = {};
    if (!values.current_password) found.current_password = t('passwordChange.required');
    if (!values.new_password) found.new_password = t('passwordChange.required');
    else if (values.new_password.length < PASSWORD_MIN_LENGTH) {
      found.new_password = t('passwordChange.tooShort');
    }
    if (!values.new_password_repeat) found.new_password_repeat = t('passwordChange.required');
    else if (values.new_password && values.new_password_repeat !== values.new_password) {
      found.new_password_repeat = t('passwordChange.differ');
    }
    return found;
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(values, {
      onSuccess: ({ ended_sessions: count }) => {
        notifySuccess(
          count > 0 ? t('passwordChange.doneEnded', { count }) : t('passwordChange.done'),
        );
        close();
      },
      onError: (error) => {
        // Every field of the dialog the server refused gets its message beside it.
        const refused =
          error instanceof ApiError && error.status === 400
            ? error.fieldErrors.filter(
                ({ field, message }) =>
                  isMessageKey(message) && FIELDS.some((known) => known === field),
              )
            : [];
        if (refused.length > 0) {
          setErrors(
            Object.fromEntries(
              refused.map(({ field, message }) => [
                field,
                translateServerMessage(t, message, field),
              ]),
            ),
          );
        } else if (error instanceof ApiError) alertQuietAnswer(error);
      },
    });
  };

  const input = (field: Field) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('passwordChange.title')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('passwordChange.intro')}</Text>
          <PasswordInput
            label={t('passwordChange.current')}
            autoComplete="current-password"
            required
            data-autofocus
            {...input(CURRENT)}
          />
          <PasswordInput
            label={t('passwordChange.new')}
            description={t('passwordChange.newHint')}
            autoComplete="new-password"
            required
            {...input(NEW)}
          />
          <PasswordInput
            label={t('passwordChange.repeat')}
            autoComplete="new-password"
            required
            {...input(REPEAT)}
          />
          <Group justify="flex-end" gap="xs" mt="xs">
            <Button variant="default" onClick={close}>
              {t('passwordChange.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('passwordChange.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
