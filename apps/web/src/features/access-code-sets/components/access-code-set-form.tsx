/**
 * The edit form of an access-code set (docs/product.md#access-code-sets, docs/product.md#validation): read-only internal name,
 * type, name, hint title and text, promo-code and bonus-card switches and the
 * validity, validated by the domain's schema; save stays disabled while the
 * form is invalid. A missing value says 'Bitte angeben!' (docs/product.md#validation); a name
 * shorter than the minimum says it is too short (the catalogue's min_length
 * text, with the minimum in the field's description), once the field is
 * left, not while the name is being typed; a validity date the field cannot
 * read says so itself (shared/ui/date-time-field.tsx).
 */
import {
  ACCESS_CODE_SET_HINT_TEXT_MAX,
  ACCESS_CODE_SET_HINT_TITLE_MAX,
  ACCESS_CODE_SET_NAME_MAX,
  ACCESS_CODE_SET_NAME_MIN,
  ACCESS_CODE_SET_TYPES,
  ZAccessCodeSetInput,
  type AccessCodeSetType,
  type TAccessCodeSet,
  type TAccessCodeSetDetail,
  type TAccessCodeSetSaveBody,
} from '@backoffice/domain';
import { Button, Group, Paper, Select, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { translateServerMessage } from '../../../shared/api/error-text';
import { UnsavedChangesGuard, useDirtyRef } from '../../../shared/form/unsaved-changes';
import { useSchemaForm } from '../../../shared/form/use-schema-form';
import { DateTimeField } from '../../../shared/ui/date-time-field';

interface FormValues {
  type: AccessCodeSetType | '';
  name: string;
  hint_title: string;
  hint_text: string;
  is_promo_code: boolean;
  is_bonuscard: boolean;
  valid_from: string | null;
  valid_until: string | null;
}

const valuesOf = (set: TAccessCodeSet | undefined): FormValues => ({
  type: set?.type ?? '',
  name: set?.name ?? '',
  hint_title: set?.hint_title ?? '',
  hint_text: set?.hint_text ?? '',
  is_promo_code: set?.is_promo_code ?? false,
  is_bonuscard: set?.is_bonuscard ?? false,
  valid_from: set?.valid_from ?? null,
  valid_until: set?.valid_until ?? null,
});

/**
 * Fields also checked as they change; every field is checked when it is left
 * (the name only then: it is typed letter by letter).
 */
const CHECKED_ON_CHANGE: (keyof FormValues)[] = [
  'type',
  'hint_title',
  'hint_text',
  'valid_from',
  'valid_until',
];

export interface AccessCodeSetFormProps {
  set: TAccessCodeSet | undefined;
  saving: boolean;
  /**
   * Saves; resolves with the saved set. The input names the version the
   * form's values were read at, so that a change made meanwhile elsewhere is
   * refused instead of overwritten; each save moves it on.
   */
  onSave: (
    input: TAccessCodeSetSaveBody,
  ) => Promise<{ access_code_set: Pick<TAccessCodeSetDetail, 'version'> }>;
  onClose: () => void;
}

export function AccessCodeSetForm({ set, saving, onSave, onClose }: AccessCodeSetFormProps) {
  const { t } = useTranslation();
  // Not the query's version: a refetch must not make the form's older values look current.
  const [savedVersion, setSavedVersion] = useState(set?.version);
  const form = useSchemaForm<FormValues>({
    initialValues: valuesOf(set),
    schema: ZAccessCodeSetInput,
    // A missing value says 'Bitte angeben!' (docs/product.md#validation), a short name says it is too short.
    errorText: (key, field) => {
      if (!key) return undefined;
      if (key === 'min_length') return translateServerMessage(t, 'min_length', field);
      if (key === 'duplicate_value') return t('accessCodeSets.form.duplicateName');
      if (field === 'valid_until' && key === 'invalid_value') {
        return t('accessCodeSets.form.validUntilBeforeFrom');
      }
      return t('accessCodeSets.form.required');
    },
    validateInputOnChange: CHECKED_ON_CHANGE,
  });
  const inputProps = (field: 'type' | 'name' | 'hint_title' | 'hint_text') =>
    form.getInputProps(field, { required: true });
  const fieldProps = {
    type: inputProps('type'),
    name: inputProps('name'),
    hintTitle: inputProps('hint_title'),
    hintText: inputProps('hint_text'),
    promo: form.getInputProps('is_promo_code', { type: 'checkbox' }),
    bonuscard: form.getInputProps('is_bonuscard', { type: 'checkbox' }),
    validUntilError: form.getInputProps('valid_until').error as ReactNode,
  };
  const dirty = form.isDirty();
  const { dirtyRef, whileSaving } = useDirtyRef(dirty);
  const submit = form.onSubmit((values) => {
    whileSaving(() =>
      onSave({
        ...values,
        type: values.type as AccessCodeSetType,
        ...(savedVersion !== undefined ? { version: savedVersion } : {}),
      }),
    ).then(
      (answer) => {
        setSavedVersion(answer.access_code_set.version);
        // What the form shows is stored now: its clean state.
        form.resetDirty();
      },
      // The page has shown the refusal; the input stays, and a name another set
      // has (409 duplicate_value) is marked at the name as well.
      (cause: unknown) => {
        if (cause instanceof ApiError && cause.serverMessage === 'duplicate_value') {
          form.setFieldError('name', 'duplicate_value');
        }
      },
    );
  });

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate>
      <UnsavedChangesGuard dirty={dirty} dirtyRef={dirtyRef} />
      <Stack gap="sm">
        <TextInput
          label={t('accessCodeSets.fields.internalName')}
          value={set?.internal_name ?? ''}
          placeholder={t('accessCodeSets.form.internalNameLater')}
          readOnly
          variant="filled"
        />
        <Select
          label={t('accessCodeSets.fields.type')}
          data={ACCESS_CODE_SET_TYPES.map((type) => ({
            value: type,
            label: t(`accessCodeSets.types.${type}`),
          }))}
          allowDeselect={false}
          {...fieldProps.type}
        />
        <TextInput
          label={t('accessCodeSets.fields.name')}
          description={t('accessCodeSets.form.nameMin', { min: ACCESS_CODE_SET_NAME_MIN })}
          maxLength={ACCESS_CODE_SET_NAME_MAX}
          {...fieldProps.name}
        />
        <TextInput
          label={t('accessCodeSets.fields.hintTitle')}
          maxLength={ACCESS_CODE_SET_HINT_TITLE_MAX}
          {...fieldProps.hintTitle}
        />
        <Textarea
          label={t('accessCodeSets.fields.hintText')}
          maxLength={ACCESS_CODE_SET_HINT_TEXT_MAX}
          autosize
          minRows={3}
          {...fieldProps.hintText}
        />
        <Group gap="xl">
          <Switch label={t('accessCodeSets.fields.isPromoCode')} {...fieldProps.promo} />
          <Switch label={t('accessCodeSets.fields.isBonuscard')} {...fieldProps.bonuscard} />
        </Group>
        <Group grow align="flex-start">
          <DateTimeField
            label={t('accessCodeSets.fields.validFrom')}
            value={form.values.valid_from}
            onChange={(value) => form.setFieldValue('valid_from', value)}
          />
          <DateTimeField
            label={t('accessCodeSets.fields.validUntil')}
            value={form.values.valid_until}
            endOfDay
            onChange={(value) => form.setFieldValue('valid_until', value)}
            error={fieldProps.validUntilError}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.close')}
          </Button>
          <Button type="submit" loading={saving} disabled={!form.isValid()}>
            {t('accessCodeSets.actions.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
