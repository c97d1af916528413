/**
 * Add or edit one location (docs/product.md#locations) in a modal. On save the server
 * geocodes the address; when it is not found the user checks the address or
 * keeps it with 'Trotzdem verwenden' (docs/product.md#locations). A @mantine/form form validated
 * by the domain's schema; required fields behave as docs/product.md#validation says.
 */
import {
  LOCATION_COUNTRIES,
  LOCATION_TYPES,
  ZLocationSaveBody,
  type TLocation,
  type TLocationSaveBody,
} from '@backoffice/domain';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { useSchemaForm } from '../../../shared/form/use-schema-form';
import { UnsavedChangesGuard, useDirtyRef } from '../../../shared/form/unsaved-changes';
import { notifySuccess } from '../../../shared/ui/notify';
import { useSaveLocation } from '../api/locations';
import { notifyMerchantError, validationText } from '../merchant-errors';

type Values = Required<Omit<TLocationSaveBody, 'use_anyway' | 'version'>>;

const TEXT_FIELDS = ['streetnumber', 'entrance', 'top', 'floor'] as const;
/** Options of form.getInputProps: a required field (docs/product.md#validation), a checkbox. */
const required = { required: true };
const checkbox = { type: 'checkbox' } as const;

const empty = (): Values => ({
  name: '',
  type: 'store',
  street: '',
  streetnumber: '',
  entrance: '',
  top: '',
  floor: '',
  co_line: '',
  zip: '',
  city: '',
  country: 'DE',
  opening_hours: '',
  is_billing_address: false,
  is_mail_address: false,
  is_redemption: false,
});

const fromLocation = (location: TLocation): Values => ({
  name: location.name,
  type: location.type,
  street: location.street,
  streetnumber: location.streetnumber,
  entrance: location.entrance,
  top: location.top,
  floor: location.floor,
  co_line: location.co_line,
  zip: location.zip,
  city: location.city,
  country: location.country,
  opening_hours: location.opening_hours,
  is_billing_address: location.is_billing_address,
  is_mail_address: location.is_mail_address,
  is_redemption: location.is_redemption,
});

export interface LocationFormProps {
  merchantIdent: string;
  /** The location to edit; undefined adds a new one. */
  location: TLocation | undefined;
  opened: boolean;
  onClose: () => void;
}

export function LocationFormModal({ merchantIdent, location, opened, onClose }: LocationFormProps) {
  const { t } = useTranslation();
  const save = useSaveLocation(merchantIdent);
  const form = useSchemaForm<Values>({
    initialValues: location ? fromLocation(location) : empty(),
    schema: ZLocationSaveBody,
    errorText: (key) => validationText(t, key),
  });
  const [notFound, setNotFound] = useState(false);

  const send = (values: Values, useAnyway: boolean) => {
    // The version the dialog's copy was read at: a change made meanwhile is not overwritten.
    const body: TLocationSaveBody = {
      ...values,
      use_anyway: useAnyway,
      ...(location ? { version: location.version } : {}),
    };
    save.mutate(
      { locationId: location?.id, body },
      {
        onSuccess: () => {
          setNotFound(false);
          notifySuccess(t('merchants.locations.saved'));
          onClose();
        },
        onError: (cause) => {
          if (cause instanceof ApiError && cause.serverMessage === 'address_not_found') {
            setNotFound(true);
            return;
          }
          // Each field the server refused gets its message next to it as well.
          if (cause instanceof ApiError) {
            for (const { field, message } of cause.fieldErrors) {
              form.setFieldError(
                field,
                message === 'required_field_missing' ? 'required' : message,
              );
            }
          }
          notifyMerchantError(t, cause);
        },
      },
    );
  };
  const dirty = opened && form.isDirty();
  const { dirtyRef } = useDirtyRef(dirty);
  const submit = form.onSubmit((values) => send(values, false));
  const keepAnyway = form.onSubmit((values) => send(values, true));

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!save.isPending) onClose();
      }}
      size="xl"
      title={location ? t('merchants.locations.edit') : t('merchants.locations.add')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <UnsavedChangesGuard dirty={dirty} dirtyRef={dirtyRef} />
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('merchants.locations.fields.name')}
              {...form.getInputProps('name', required)}
            />
            <NativeSelect
              label={t('merchants.locations.fields.type')}
              {...form.getInputProps('type')}
              data={LOCATION_TYPES.map((type) => ({
                value: type,
                label: t(`merchants.locations.types.${type}`),
              }))}
            />
            <TextInput
              label={t('merchants.locations.fields.street')}
              {...form.getInputProps('street', required)}
            />
            <SimpleGrid cols={4} spacing="xs">
              {TEXT_FIELDS.map((field) => (
                <TextInput
                  key={field}
                  label={t(`merchants.locations.fields.${field}`)}
                  {...form.getInputProps(field)}
                />
              ))}
            </SimpleGrid>
            <TextInput
              label={t('merchants.locations.fields.co_line')}
              {...form.getInputProps('co_line')}
            />
            <SimpleGrid cols={2} spacing="xs">
              <TextInput
                label={t('merchants.locations.fields.zip')}
                {...form.getInputProps('zip', required)}
              />
              <TextInput
                label={t('merchants.locations.fields.city')}
                {...form.getInputProps('city', required)}
              />
            </SimpleGrid>
            <NativeSelect
              label={t('merchants.locations.fields.country')}
              {...form.getInputProps('country', required)}
              data={LOCATION_COUNTRIES.map((country) => ({
                value: country,
                label: t(`merchants.countries.${country}`),
              }))}
            />
          </SimpleGrid>
          <Textarea
            label={t('merchants.locations.fields.opening_hours')}
            autosize
            minRows={2}
            {...form.getInputProps('opening_hours')}
          />
          <Group>
            <Checkbox
              label={t('merchants.locations.fields.is_billing_address')}
              {...form.getInputProps('is_billing_address', checkbox)}
            />
            <Checkbox
              label={t('merchants.locations.fields.is_mail_address')}
              {...form.getInputProps('is_mail_address', checkbox)}
            />
            <Checkbox
              label={t('merchants.locations.fields.is_redemption')}
              {...form.getInputProps('is_redemption', checkbox)}
            />
          </Group>
          {notFound && (
            <Alert color="orange" variant="light" title={t('merchants.locations.notFoundTitle')}>
              <Stack gap="xs">
                {t('merchants.locations.notFoundText')}
                <Group>
                  <Button
                    color="orange"
                    onClick={() => keepAnyway()}
                    loading={save.isPending && save.variables.body.use_anyway === true}
                    disabled={save.isPending}
                  >
                    {t('merchants.locations.useAnyway')}
                  </Button>
                  <Button variant="default" onClick={() => setNotFound(false)}>
                    {t('merchants.locations.checkAddress')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end">
            {/* Closed while saving, the answer (and an error it brings) would go unseen. */}
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('actions.close')}
            </Button>
            <Button
              type="submit"
              loading={save.isPending && save.variables.body.use_anyway !== true}
              disabled={save.isPending}
            >
              {t('merchants.locations.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
