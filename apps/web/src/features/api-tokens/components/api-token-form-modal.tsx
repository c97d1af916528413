/**
 * "API-Zugang anlegen" (docs/product.md#tokens-for-integrators) in a dialog:
 * the name, the roles as checkboxes (only those the user holds for the
 * merchant), read or read and write, and an optional expiry date. A
 * @mantine/form form validated by the domain's schema, the server's; its
 * refusal of a field shows beside it, other refusals (the limit of live
 * tokens, a role the user does not hold) above the buttons.
 */
import {
  API_TOKEN_NAME_MAX,
  ZApiTokenCreateBody,
  type AccountRole,
  type ApiTokenAccess,
  type TApiTokenCreated,
} from '@backoffice/domain';
import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { requestFailureText, translateServerMessage } from '../../../shared/api/error-text';
import { UnsavedChangesGuard, useDirtyRef } from '../../../shared/form/unsaved-changes';
import { useSchemaForm } from '../../../shared/form/use-schema-form';
import { DateTimeField, isUnreadableDate } from '../../../shared/ui/date-time-field';
import { notifySuccess } from '../../../shared/ui/notify';
import { useCreateApiToken } from '../api/create-api-token';

interface Values {
  name: string;
  roles: AccountRole[];
  access: ApiTokenAccess;
  expiresAt: string | null;
}

const FORM_FIELDS: ReadonlySet<string> = new Set(['name', 'roles', 'access', 'expiresAt']);
const ACCESS_CHOICES: readonly ApiTokenAccess[] = ['read', 'write'];
const required = { required: true };

export interface ApiTokenFormModalProps {
  merchantId: string;
  /** The roles the user may give a token, in the domain's order. */
  grantable: readonly AccountRole[];
  onClose: () => void;
  /** The new token, with its secret shown once. */
  onCreated: (created: TApiTokenCreated) => void;
}

export function ApiTokenFormModal({
  merchantId,
  grantable,
  onClose,
  onCreated,
}: ApiTokenFormModalProps) {
  const { t } = useTranslation();
  const create = useCreateApiToken(merchantId);
  const busy = create.isPending;
  const [refusal, setRefusal] = useState<string | undefined>();
  const form = useSchemaForm<Values>({
    // Reading is the careful default; the roles are chosen on purpose.
    initialValues: { name: '', roles: [], access: 'read', expiresAt: null },
    schema: ZApiTokenCreateBody,
    errorText: (key, path) => {
      if (!key) return undefined;
      if (key === 'required') {
        return path === 'roles'
          ? t('apiTokens.validation.rolesRequired')
          : t('apiTokens.validation.required');
      }
      if (path === 'expiresAt') return t('apiTokens.validation.expiresAt');
      const text = translateServerMessage(t, key, String(path));
      return text === key ? t('apiTokens.validation.invalid') : text;
    },
    validateInputOnChange: ['roles', 'expiresAt'],
  });

  const refused = (cause: unknown) => {
    if (cause instanceof ApiError && cause.field && FORM_FIELDS.has(cause.field)) {
      const key =
        cause.serverMessage === 'required_field_missing' ? 'required' : cause.serverMessage;
      form.setFieldError(cause.field, key ?? 'invalid_value');
      return;
    }
    // The client alerted every answer but the ones the dialog words (api-token-keys.ts).
    if (cause instanceof ApiError && cause.kind === 'http') {
      setRefusal(requestFailureText(t, cause).message);
    }
  };

  const submit = form.onSubmit((values) => {
    setRefusal(undefined);
    if (isUnreadableDate(values.expiresAt)) return;
    create.mutate(
      {
        name: values.name.trim(),
        roles: values.roles,
        access: values.access,
        expiresAt: values.expiresAt,
      },
      {
        onSuccess: (created) => {
          notifySuccess(t('apiTokens.alerts.created', { name: created.token.name }));
          onClose();
          onCreated(created);
        },
        onError: refused,
      },
    );
  });

  const dirty = form.isDirty();
  const { dirtyRef } = useDirtyRef(dirty);
  // What the schema form gives the field (its type says `any`): the message and the check on leaving.
  const expiresProps: { error?: ReactNode; onBlur?: () => void } = form.getInputProps('expiresAt');

  return (
    <Modal
      opened
      onClose={() => {
        if (!busy) onClose();
      }}
      size="lg"
      title={t('apiTokens.form.title')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <UnsavedChangesGuard dirty={dirty} dirtyRef={dirtyRef} />
        <Stack gap="md">
          <TextInput
            label={t('apiTokens.fields.name')}
            description={t('apiTokens.form.nameHint')}
            placeholder={t('apiTokens.form.namePlaceholder')}
            maxLength={API_TOKEN_NAME_MAX}
            data-autofocus
            {...form.getInputProps('name', required)}
          />
          <Checkbox.Group
            label={t('apiTokens.fields.roles')}
            description={t('apiTokens.form.rolesHint')}
            withAsterisk
            {...form.getInputProps('roles')}
          >
            <Stack gap="xs" mt="xs">
              {grantable.map((role) => (
                <Checkbox key={role} value={role} label={t(`merchants.roles.${role}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Radio.Group
            label={t('apiTokens.fields.access')}
            withAsterisk
            {...form.getInputProps('access')}
          >
            <Stack gap="xs" mt="xs">
              {ACCESS_CHOICES.map((access) => (
                <Radio
                  key={access}
                  value={access}
                  label={t(`apiTokens.access.${access}`)}
                  description={t(`apiTokens.accessHints.${access}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
          <DateTimeField
            label={t('apiTokens.form.expiresAt')}
            description={t('apiTokens.form.expiresHint')}
            value={form.values.expiresAt}
            endOfDay
            onChange={(value) => form.setFieldValue('expiresAt', value)}
            onBlur={expiresProps.onBlur}
            error={expiresProps.error}
          />
          {refusal && (
            <Alert color="red" variant="light" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('apiTokens.form.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('apiTokens.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
