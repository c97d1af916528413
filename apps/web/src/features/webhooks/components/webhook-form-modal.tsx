/**
 * Add or edit a webhook endpoint (docs/product.md#webhooks) in a dialog:
 * URL, description, the events (each with its explanation) and the switch.
 * A @mantine/form form validated by the domain's schema; the server's
 * refusal of a field (an address webhooks are not sent to) shows beside it,
 * other refusals (the limit of 20, a change made meanwhile) above the
 * buttons. An edit sends the version it was read at.
 */
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX_LENGTH,
  ZWebhookSaveBody,
  type TWebhookEndpoint,
  type TWebhookSaveBody,
  type TWebhookWithSecret,
  type WebhookEventType,
} from '@backoffice/domain';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { requestFailureText, translateServerMessage } from '../../../shared/api/error-text';
import { useSchemaForm } from '../../../shared/form/use-schema-form';
import { UnsavedChangesGuard, useDirtyRef } from '../../../shared/form/unsaved-changes';
import { notifySuccess } from '../../../shared/ui/notify';
import { useCreateWebhook } from '../api/create-webhook';
import { useSaveWebhook } from '../api/save-webhook';
import type { WebhookOwner } from '../api/webhook-keys';
import { eventHint, eventLabel } from '../webhook-labels';

interface Values {
  url: string;
  description: string;
  events: WebhookEventType[];
  active: boolean;
}

const DESCRIPTION_MAX = ZWebhookSaveBody.shape.description.unwrap().maxLength ?? 200;
const FORM_FIELDS: ReadonlySet<string> = new Set(['url', 'description', 'events']);
const required = { required: true };

const empty = (): Values => ({ url: '', description: '', events: [], active: true });

const fromEndpoint = (endpoint: TWebhookEndpoint): Values => ({
  url: endpoint.url,
  description: endpoint.description,
  events: [...endpoint.events],
  active: endpoint.active,
});

export interface WebhookFormModalProps {
  /** Whose endpoint a new one becomes: a merchant's, or the admins' (`null`). */
  owner: WebhookOwner;
  /** The endpoint to edit; undefined adds a new one. */
  endpoint: TWebhookEndpoint | undefined;
  opened: boolean;
  onClose: () => void;
  /** A new endpoint was made: its secret, to be shown once. */
  onCreated?: (created: TWebhookWithSecret) => void;
}

export function WebhookFormModal({
  owner,
  endpoint,
  opened,
  onClose,
  onCreated,
}: WebhookFormModalProps) {
  const { t } = useTranslation();
  const create = useCreateWebhook(owner);
  const save = useSaveWebhook();
  const busy = create.isPending || save.isPending;
  const [refusal, setRefusal] = useState<string | undefined>();
  const form = useSchemaForm<Values>({
    initialValues: endpoint ? fromEndpoint(endpoint) : empty(),
    schema: ZWebhookSaveBody,
    errorText: (key, path) => {
      if (!key) return undefined;
      if (key === 'required') {
        return path === 'events'
          ? t('webhooks.validation.eventsRequired')
          : t('webhooks.validation.required');
      }
      const text = translateServerMessage(t, key, String(path));
      return text === key ? t('webhooks.validation.invalid') : text;
    },
    validateInputOnChange: ['events'],
  });

  const refused = (cause: unknown) => {
    // Every refused field of the form gets its message beside it.
    const onForm =
      cause instanceof ApiError
        ? cause.fieldErrors.filter(({ field }) => FORM_FIELDS.has(field))
        : [];
    if (onForm.length > 0) {
      for (const { field, message } of onForm) {
        form.setFieldError(field, message === 'required_field_missing' ? 'required' : message);
      }
      return;
    }
    // The client alerted every answer but the ones the dialog words (webhook-keys.ts).
    if (cause instanceof ApiError && cause.kind === 'http') {
      setRefusal(requestFailureText(t, cause).message);
    }
  };

  const submit = form.onSubmit((values) => {
    setRefusal(undefined);
    const body: TWebhookSaveBody = {
      url: values.url.trim(),
      description: values.description.trim(),
      events: values.events,
      active: values.active,
    };
    if (endpoint) {
      save.mutate(
        // The version the dialog's copy was read at: a change made meanwhile is not overwritten.
        { id: endpoint.id, body: { ...body, version: endpoint.version } },
        {
          onSuccess: () => {
            notifySuccess(t('webhooks.detail.saved'));
            onClose();
          },
          onError: refused,
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: (created) => {
        notifySuccess(t('webhooks.detail.created'));
        onClose();
        onCreated?.(created);
      },
      onError: refused,
    });
  });

  const dirty = opened && form.isDirty();
  const { dirtyRef } = useDirtyRef(dirty);
  const eventsProps = form.getInputProps('events');

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      size="lg"
      title={endpoint ? t('webhooks.form.editTitle') : t('webhooks.form.createTitle')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <UnsavedChangesGuard dirty={dirty} dirtyRef={dirtyRef} />
        <Stack gap="md">
          <TextInput
            label={t('webhooks.fields.url')}
            description={t('webhooks.form.urlHint')}
            placeholder={t('webhooks.form.urlPlaceholder')}
            type="url"
            maxLength={WEBHOOK_URL_MAX_LENGTH}
            data-autofocus
            {...form.getInputProps('url', required)}
          />
          <TextInput
            label={t('webhooks.fields.description')}
            placeholder={t('webhooks.form.descriptionPlaceholder')}
            maxLength={DESCRIPTION_MAX}
            {...form.getInputProps('description')}
          />
          <Checkbox.Group
            label={t('webhooks.fields.events')}
            description={t('webhooks.form.eventsHint')}
            withAsterisk
            {...eventsProps}
          >
            <Stack gap="xs" mt="xs">
              {WEBHOOK_EVENT_TYPES.map((event) => (
                <Checkbox
                  key={event}
                  value={event}
                  label={eventLabel(t, event)}
                  description={
                    <>
                      {eventHint(t, event)}{' '}
                      <Text span size="xs" c="dimmed" ff="monospace">
                        {event}
                      </Text>
                    </>
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Switch
            label={t('webhooks.fields.active')}
            description={t('webhooks.form.activeHint')}
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          {refusal && (
            <Alert color="red" variant="light" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('webhooks.form.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {endpoint ? t('webhooks.form.save') : t('webhooks.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
