/**
 * Add or edit one location (spec §3 Location) in a modal. On save the server
 * geocodes the address; when it is not found the user checks the address or
 * keeps it with 'Trotzdem verwenden' (spec §5).
 */
import {
  LOCATION_COUNTRIES,
  LOCATION_TYPES,
  ZLocationSaveBody,
  fieldErrors,
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
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { notifySuccess } from '../../../shared/ui/notify';
import { useSaveLocation } from '../api/locations';
import { notifyMerchantError, validationText } from '../merchant-errors';

type Values = Required<Omit<TLocationSaveBody, 'use_anyway'>>;

const TEXT_FIELDS = ['streetnumber', 'entrance', 'top', 'floor'] as const;

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
  const [values, setValues] = useState<Values>(() => (location ? fromLocation(location) : empty()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notFound, setNotFound] = useState(false);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const error = (field: string) => validationText(t, errors[field]);
  // Errors by field name as properties: the names are keys, not visible text (no-literal-string).
  const fieldError = new Proxy({} as Record<string, string | undefined>, {
    get: (_target, field) => (typeof field === 'string' ? error(field) : undefined),
  });

  const send = (useAnyway: boolean) => {
    const body: TLocationSaveBody = { ...values, use_anyway: useAnyway };
    const parsed = ZLocationSaveBody.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
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
          notifyMerchantError(t, cause);
        },
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={location ? t('merchants.locations.edit') : t('merchants.locations.add')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('merchants.locations.fields.name')}
              required
              value={values.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={fieldError.name}
            />
            <NativeSelect
              label={t('merchants.locations.fields.type')}
              value={values.type}
              data={LOCATION_TYPES.map((type) => ({
                value: type,
                label: t(`merchants.locations.types.${type}`),
              }))}
              onChange={(event) => set('type', event.currentTarget.value as Values['type'])}
            />
            <TextInput
              label={t('merchants.locations.fields.street')}
              required
              value={values.street}
              onChange={(event) => set('street', event.currentTarget.value)}
              error={fieldError.street}
            />
            <SimpleGrid cols={4} spacing="xs">
              {TEXT_FIELDS.map((field) => (
                <TextInput
                  key={field}
                  label={t(`merchants.locations.fields.${field}`)}
                  value={values[field]}
                  onChange={(event) => set(field, event.currentTarget.value)}
                  error={error(field)}
                />
              ))}
            </SimpleGrid>
            <TextInput
              label={t('merchants.locations.fields.co_line')}
              value={values.co_line}
              onChange={(event) => set('co_line', event.currentTarget.value)}
              error={fieldError.co_line}
            />
            <SimpleGrid cols={2} spacing="xs">
              <TextInput
                label={t('merchants.locations.fields.zip')}
                required
                value={values.zip}
                onChange={(event) => set('zip', event.currentTarget.value)}
                error={fieldError.zip}
              />
              <TextInput
                label={t('merchants.locations.fields.city')}
                required
                value={values.city}
                onChange={(event) => set('city', event.currentTarget.value)}
                error={fieldError.city}
              />
            </SimpleGrid>
            <NativeSelect
              label={t('merchants.locations.fields.country')}
              required
              value={values.country}
              data={LOCATION_COUNTRIES.map((country) => ({
                value: country,
                label: t(`merchants.countries.${country}`),
              }))}
              onChange={(event) => set('country', event.currentTarget.value as Values['country'])}
              error={fieldError.country}
            />
          </SimpleGrid>
          <Textarea
            label={t('merchants.locations.fields.opening_hours')}
            autosize
            minRows={2}
            value={values.opening_hours}
            onChange={(event) => set('opening_hours', event.currentTarget.value)}
            error={fieldError.opening_hours}
          />
          <Group>
            <Checkbox
              label={t('merchants.locations.fields.is_billing_address')}
              checked={values.is_billing_address}
              onChange={(event) => set('is_billing_address', event.currentTarget.checked)}
            />
            <Checkbox
              label={t('merchants.locations.fields.is_mail_address')}
              checked={values.is_mail_address}
              onChange={(event) => set('is_mail_address', event.currentTarget.checked)}
            />
            <Checkbox
              label={t('merchants.locations.fields.is_redemption')}
              checked={values.is_redemption}
              onChange={(event) => set('is_redemption', event.currentTarget.checked)}
            />
          </Group>
          {notFound && (
            <Alert color="orange" variant="light" title={t('merchants.locations.notFoundTitle')}>
              <Stack gap="xs">
                {t('merchants.locations.notFoundText')}
                <Group>
                  <Button color="orange" onClick={() => send(true)} loading={save.isPending}>
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
            <Button variant="default" onClick={onClose}>
              {t('actions.close')}
            </Button>
            <Button type="submit" loading={save.isPending && !notFound}>
              {t('merchants.locations.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
