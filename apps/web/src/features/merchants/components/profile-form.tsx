/**
 * The merchant profile form (spec §3 Merchant, §5), used by create and edit:
 * profile, company data, social links, contacts, co-registration and, for
 * admins, level, validity and internal name. Validated by the domain's schema
 * before it is sent; the server applies the same schema.
 */
import {
  CONTACT_TYPES,
  COREG_TERM_FIELDS,
  SOCIAL_NETWORKS,
  ZMerchantSaveBody,
  fieldErrors,
  type ContactType,
  type TMerchantDetail,
  type TMerchantSaveBody,
} from '@backoffice/domain';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { validationText } from '../merchant-errors';

/** The co-reg contact text's error path (a key, not visible text). */
const CONTACT_TEXT_PATH = 'coreg_terms.contact_text';

export interface ProfileValues {
  name: string;
  brand_name: string;
  description: string;
  vatin: string;
  telephone: string;
  email: string;
  website: string;
  social: Record<(typeof SOCIAL_NETWORKS)[number], string>;
  contacts: { type: ContactType | ''; value: string }[];
  coreg_enabled: boolean;
  coreg_default_suitable: boolean;
  coreg_terms: Record<(typeof COREG_TERM_FIELDS)[number], string>;
  internal_name: string;
  level: number;
  is_valid: boolean;
}

export const emptyProfile = (): ProfileValues => ({
  name: '',
  brand_name: '',
  description: '',
  vatin: '',
  telephone: '',
  email: '',
  website: '',
  social: { facebook: '', twitter: '', youtube: '', pinterest: '', instagram: '' },
  contacts: [],
  coreg_enabled: false,
  coreg_default_suitable: false,
  coreg_terms: { sponsor_name: '', unsubscribe_email: '', privacy_url: '', contact_text: '' },
  internal_name: '',
  level: 0,
  is_valid: true,
});

export const profileFromMerchant = (merchant: TMerchantDetail): ProfileValues => ({
  name: merchant.name,
  brand_name: merchant.brand_name,
  description: merchant.description,
  vatin: merchant.vatin,
  telephone: merchant.telephone,
  email: merchant.email,
  website: merchant.website,
  social: { ...merchant.social },
  contacts: merchant.contacts.map((contact) => ({ ...contact })),
  coreg_enabled: merchant.coreg_enabled,
  coreg_default_suitable: merchant.coreg_default_suitable,
  coreg_terms: { ...merchant.coreg_terms },
  internal_name: merchant.internal_name ?? '',
  level: merchant.level,
  is_valid: merchant.is_valid,
});

export interface ProfileFormProps {
  initial: ProfileValues;
  admin: boolean;
  submitLabel: string;
  busy: boolean;
  onSubmit: (body: TMerchantSaveBody) => Promise<unknown>;
}

export function ProfileForm({ initial, admin, submitLabel, busy, onSubmit }: ProfileFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ProfileValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const error = (path: string) => validationText(t, errors[path]);
  // Errors by field name as properties: the names are keys, not visible text (no-literal-string).
  const errorProps = (path: string) => ({ error: error(path) });
  const fieldError = new Proxy({} as Record<string, string | undefined>, {
    get: (_target, path) => (typeof path === 'string' ? error(path) : undefined),
  });
  const set = <K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { internal_name, level, is_valid, ...profile } = values;
    const body = {
      ...profile,
      ...(admin ? { internal_name, level, is_valid } : {}),
    } as TMerchantSaveBody;
    const parsed = ZMerchantSaveBody.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      await onSubmit(body);
    } catch (cause) {
      // The server's field message goes next to the field; the page shows the alert.
      if (cause instanceof ApiError && cause.field && cause.serverMessage) {
        const key =
          cause.serverMessage === 'required_field_missing' ? 'required' : cause.serverMessage;
        setErrors({ [cause.field]: key });
      }
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('merchants.profile.section')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('merchants.fields.name')}
              required
              value={values.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={fieldError.name}
            />
            <TextInput
              label={t('merchants.fields.brand_name')}
              value={values.brand_name}
              onChange={(event) => set('brand_name', event.currentTarget.value)}
              error={fieldError.brand_name}
            />
          </SimpleGrid>
          <Textarea
            mt="sm"
            label={t('merchants.fields.description')}
            autosize
            minRows={3}
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            error={fieldError.description}
          />
        </Fieldset>

        {admin && (
          <Fieldset legend={t('merchants.admin.section')}>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={t('merchants.fields.internal_name')}
                value={values.internal_name}
                onChange={(event) => set('internal_name', event.currentTarget.value)}
                error={fieldError.internal_name}
              />
              <NumberInput
                label={t('merchants.fields.level')}
                min={0}
                max={10}
                value={values.level}
                onChange={(value) => set('level', typeof value === 'number' ? value : 0)}
              />
              <Switch
                mt="xl"
                label={t('merchants.fields.is_valid')}
                checked={values.is_valid}
                onChange={(event) => set('is_valid', event.currentTarget.checked)}
              />
            </SimpleGrid>
          </Fieldset>
        )}

        <Fieldset legend={t('merchants.company.section')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('merchants.fields.vatin')}
              value={values.vatin}
              onChange={(event) => set('vatin', event.currentTarget.value)}
              error={fieldError.vatin}
            />
            <TextInput
              label={t('merchants.fields.telephone')}
              description={t('merchants.company.telephoneHint')}
              type="tel"
              value={values.telephone}
              onChange={(event) => set('telephone', event.currentTarget.value)}
              error={fieldError.telephone}
            />
            <TextInput
              label={t('merchants.fields.email')}
              type="email"
              value={values.email}
              onChange={(event) => set('email', event.currentTarget.value)}
              error={fieldError.email}
            />
            <TextInput
              label={t('merchants.fields.website')}
              type="url"
              value={values.website}
              onChange={(event) => set('website', event.currentTarget.value)}
              error={fieldError.website}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('merchants.social.section')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {SOCIAL_NETWORKS.map((network) => (
              <TextInput
                key={network}
                label={t(`merchants.social.${network}`)}
                type="url"
                value={values.social[network]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({
                    ...current,
                    social: { ...current.social, [network]: value },
                  }));
                }}
                {...errorProps(`social.${network}`)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('merchants.contacts.section')}>
          <Stack gap="xs">
            {values.contacts.map((contact, index) => (
              <Group key={index} align="flex-start" wrap="nowrap">
                <NativeSelect
                  label={t('merchants.contacts.type')}
                  value={contact.type}
                  data={[
                    { value: '', label: t('merchants.contacts.choose') },
                    ...CONTACT_TYPES.map((type) => ({
                      value: type,
                      label: t(`merchants.contacts.types.${type}`),
                    })),
                  ]}
                  onChange={(event) => {
                    const type = event.currentTarget.value as ContactType | '';
                    setValues((current) => ({
                      ...current,
                      contacts: current.contacts.map((item, i) =>
                        i === index ? { ...item, type } : item,
                      ),
                    }));
                  }}
                  {...errorProps(`contacts.${index}.type`)}
                />
                <TextInput
                  style={{ flex: 1 }}
                  label={t('merchants.contacts.value')}
                  value={contact.value}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setValues((current) => ({
                      ...current,
                      contacts: current.contacts.map((item, i) =>
                        i === index ? { ...item, value } : item,
                      ),
                    }));
                  }}
                  {...errorProps(`contacts.${index}.value`)}
                />
                <ActionIcon
                  mt={28}
                  variant="subtle"
                  color="red"
                  aria-label={t('merchants.contacts.remove')}
                  onClick={() =>
                    setValues((current) => ({
                      ...current,
                      contacts: current.contacts.filter((_item, i) => i !== index),
                    }))
                  }
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <div>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => set('contacts', [...values.contacts, { type: '', value: '' }])}
              >
                {t('merchants.contacts.add')}
              </Button>
            </div>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('merchants.coreg.section')}>
          <Stack gap="sm">
            <Switch
              label={t('merchants.coreg.enabled')}
              checked={values.coreg_enabled}
              onChange={(event) => set('coreg_enabled', event.currentTarget.checked)}
            />
            <Switch
              label={t('merchants.coreg.defaultSuitable')}
              checked={values.coreg_default_suitable}
              onChange={(event) => set('coreg_default_suitable', event.currentTarget.checked)}
            />
            {values.coreg_enabled && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {COREG_TERM_FIELDS.map((field) =>
                  field === 'contact_text' ? null : (
                    <TextInput
                      key={field}
                      label={t(`merchants.coreg.${field}`)}
                      required
                      value={values.coreg_terms[field]}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        setValues((current) => ({
                          ...current,
                          coreg_terms: { ...current.coreg_terms, [field]: value },
                        }));
                      }}
                      {...errorProps(`coreg_terms.${field}`)}
                    />
                  ),
                )}
              </SimpleGrid>
            )}
            {values.coreg_enabled && (
              <Textarea
                label={t('merchants.coreg.contact_text')}
                required
                autosize
                minRows={2}
                value={values.coreg_terms.contact_text}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setValues((current) => ({
                    ...current,
                    coreg_terms: { ...current.coreg_terms, contact_text: value },
                  }));
                }}
                {...errorProps(CONTACT_TEXT_PATH)}
              />
            )}
          </Stack>
        </Fieldset>

        <Group>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
