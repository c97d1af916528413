/**
 * The merchant profile form (docs/product.md#merchants, docs/product.md#validation), used by create and edit:
 * profile, company data, social links, contacts, co-registration and, for
 * admins, level, validity and internal name. A @mantine/form form validated
 * by the domain's schema before it is sent (the server applies the same
 * schema); required fields behave as docs/product.md#validation says, and a field the server
 * refuses shows its message beside the field.
 */
import {
  CONTACT_TYPES,
  COREG_TERM_FIELDS,
  SOCIAL_NETWORKS,
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { UnsavedChangesGuard, useDirtyRef } from '../../../shared/form/unsaved-changes';
import { useSchemaForm } from '../../../shared/form/use-schema-form';
import { LockableFields, ReadOnlyNote } from '../../../shared/ui/lockable-fields';
import { validationText } from '../merchant-errors';
import { LEVEL_MAX, LEVEL_MIN, levelOf, ZProfileForm, type ProfileValues } from '../profile-values';

/** Options of form.getInputProps: a required field (docs/product.md#validation), a switch. */
const required = { required: true };
const checkbox = { type: 'checkbox' } as const;

export interface ProfileFormProps {
  initial: ProfileValues;
  admin: boolean;
  submitLabel: string;
  busy: boolean;
  /** The user may view the profile but not change it (no manage-merchant role). */
  readOnly?: boolean;
  /**
   * The version `initial` was read at (an existing merchant): every save
   * sends the version of what the form shows, so that a save over a change
   * made meanwhile elsewhere is refused instead of overwriting it; each
   * successful save moves it on.
   */
  version?: number;
  /** Saves; resolves with the answer (`merchant.version` moves the form's version on). */
  onSubmit: (body: TMerchantSaveBody) => Promise<{ merchant: Pick<TMerchantDetail, 'version'> }>;
}

export function ProfileForm({
  initial,
  admin,
  submitLabel,
  busy,
  readOnly = false,
  version,
  onSubmit,
}: ProfileFormProps) {
  const { t } = useTranslation();
  // Not the query's version: a refetch in the background must not make the
  // form's older values look current.
  const [savedVersion, setSavedVersion] = useState(version);
  const form = useSchemaForm<ProfileValues>({
    initialValues: initial,
    schema: ZProfileForm,
    errorText: (key) =>
      key === 'level_range'
        ? t('merchants.validation.levelRange', { min: LEVEL_MIN, max: LEVEL_MAX })
        : validationText(t, key),
  });
  const { values } = form;
  const dirty = form.isDirty();
  const { dirtyRef, whileSaving } = useDirtyRef(dirty);

  const submit = form.onSubmit(async ({ internal_name, level, is_valid, ...profile }) => {
    const body: TMerchantSaveBody = {
      ...profile,
      contacts: profile.contacts as TMerchantSaveBody['contacts'],
      // The level is a number here: the form's rules refuse an empty one.
      ...(admin ? { internal_name, level: level ?? undefined, is_valid } : {}),
      ...(savedVersion !== undefined ? { version: savedVersion } : {}),
    };
    try {
      const answer = await whileSaving(() => onSubmit(body));
      setSavedVersion(answer.merchant.version);
      // What the form shows is stored now: its clean state.
      form.resetDirty();
    } catch (cause) {
      // Each field the server refused gets its message next to it; the page shows the alert.
      if (cause instanceof ApiError) {
        for (const { field, message } of cause.fieldErrors) {
          form.setFieldError(field, message === 'required_field_missing' ? 'required' : message);
        }
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      {!readOnly && <UnsavedChangesGuard dirty={dirty} dirtyRef={dirtyRef} />}
      <LockableFields disabled={readOnly}>
        <Stack gap="lg">
          {readOnly && <ReadOnlyNote>{t('merchants.edit.readOnly')}</ReadOnlyNote>}
          <Fieldset legend={t('merchants.profile.section')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('merchants.fields.name')}
                {...form.getInputProps('name', required)}
              />
              <TextInput
                label={t('merchants.fields.brand_name')}
                {...form.getInputProps('brand_name')}
              />
            </SimpleGrid>
            <Textarea
              mt="sm"
              label={t('merchants.fields.description')}
              autosize
              minRows={3}
              {...form.getInputProps('description')}
            />
          </Fieldset>

          {admin && (
            <Fieldset legend={t('merchants.admin.section')}>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput
                  label={t('merchants.fields.internal_name')}
                  {...form.getInputProps('internal_name')}
                />
                <NumberInput
                  label={t('merchants.fields.level')}
                  min={LEVEL_MIN}
                  max={LEVEL_MAX}
                  // What is typed stays as typed: out of range it is refused, not changed.
                  clampBehavior="none"
                  allowDecimal={false}
                  allowNegative={false}
                  {...form.getInputProps('level', required)}
                  value={values.level ?? ''}
                  onChange={(value: number | string) => form.setFieldValue('level', levelOf(value))}
                />
                <Switch
                  mt="xl"
                  label={t('merchants.fields.is_valid')}
                  {...form.getInputProps('is_valid', checkbox)}
                />
              </SimpleGrid>
            </Fieldset>
          )}

          <Fieldset legend={t('merchants.company.section')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('merchants.fields.vatin')} {...form.getInputProps('vatin')} />
              <TextInput
                label={t('merchants.fields.telephone')}
                description={t('merchants.company.telephoneHint')}
                type="tel"
                {...form.getInputProps('telephone')}
              />
              <TextInput
                label={t('merchants.fields.email')}
                type="email"
                {...form.getInputProps('email')}
              />
              <TextInput
                label={t('merchants.fields.website')}
                type="url"
                {...form.getInputProps('website')}
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
                  {...form.getInputProps(`social.${network}`)}
                />
              ))}
            </SimpleGrid>
          </Fieldset>

          <Fieldset legend={t('merchants.contacts.section')}>
            <Stack gap="xs">
              {values.contacts.map((_contact, index) => (
                <Group key={index} align="flex-start" wrap="nowrap">
                  <NativeSelect
                    label={t('merchants.contacts.type')}
                    data={[
                      { value: '', label: t('merchants.contacts.choose') },
                      ...CONTACT_TYPES.map((type) => ({
                        value: type,
                        label: t(`merchants.contacts.types.${type}`),
                      })),
                    ]}
                    {...form.getInputProps(`contacts.${index}.type`, required)}
                  />
                  <TextInput
                    style={{ flex: 1 }}
                    label={t('merchants.contacts.value')}
                    {...form.getInputProps(`contacts.${index}.value`, required)}
                  />
                  <ActionIcon
                    mt={28}
                    variant="subtle"
                    color="red"
                    aria-label={t('merchants.contacts.remove')}
                    onClick={() => form.removeListItem('contacts', index)}
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
                  onClick={() => form.insertListItem('contacts', { type: '', value: '' })}
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
                {...form.getInputProps('coreg_enabled', checkbox)}
              />
              <Switch
                label={t('merchants.coreg.defaultSuitable')}
                {...form.getInputProps('coreg_default_suitable', checkbox)}
              />
              {values.coreg_enabled && (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {COREG_TERM_FIELDS.map((field) =>
                    field === 'contact_text' ? null : (
                      <TextInput
                        key={field}
                        label={t(`merchants.coreg.${field}`)}
                        {...form.getInputProps(`coreg_terms.${field}`, required)}
                      />
                    ),
                  )}
                </SimpleGrid>
              )}
              {values.coreg_enabled && (
                <Textarea
                  label={t('merchants.coreg.contact_text')}
                  autosize
                  minRows={2}
                  {...form.getInputProps(`coreg_terms.contact_text`, required)}
                />
              )}
            </Stack>
          </Fieldset>

          {!readOnly && (
            <Group>
              <Button type="submit" loading={busy}>
                {submitLabel}
              </Button>
            </Group>
          )}
        </Stack>
      </LockableFields>
    </form>
  );
}
