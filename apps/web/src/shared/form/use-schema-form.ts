/**
 * A form (@mantine/form) validated by one of the domain's zod schemas, the
 * same schema the server applies. The schema's issues are message keys;
 * `errorText` turns them into the texts shown beside the fields. A field's
 * message shows once the field is left, typed in or not, and on a save all
 * invalid fields show at once, the first of them focused; fields read with
 * `getInputProps(path, { required: true })` behave as required fields
 * (required-field.ts).
 */
import { schemaResolver, useForm, type LooseKeys, type UseFormInput } from '@mantine/form';
import type { FocusEvent, ReactNode } from 'react';
import { onFieldLeft, requiredFieldProps } from './required-field';

export interface SchemaFormOptions<Values extends object> {
  initialValues: Values;
  /** The domain's schema for the values (zod 4 schemas are standard schemas). */
  schema: Parameters<typeof schemaResolver>[0];
  /** The text for a message key of the schema or the server, for the field at `path`. */
  errorText: (key: string | undefined, path: LooseKeys<Values>) => string | undefined;
  /** Fields also checked as they change (choices, where a change is complete at once). */
  validateInputOnChange?: UseFormInput<Values>['validateInputOnChange'];
}

export function useSchemaForm<Values extends object>({
  initialValues,
  schema,
  errorText,
  validateInputOnChange = false,
}: SchemaFormOptions<Values>) {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnChange,
    enhanceGetInputProps: ({ inputProps, field, options, form }) => {
      const path = String(field);
      const error: ReactNode = errorText(
        typeof inputProps.error === 'string' ? inputProps.error : undefined,
        path,
      );
      // A message already shown (the server's refusal of the field) stays until the field changes.
      const leave = onFieldLeft(() => {
        if (form.errors[path] === undefined) form.validateField(path);
      });
      const left = options.withFocus === false ? {} : { onBlur: leave };
      if (!options['required']) return { error, ...left };
      // What @mantine/form set for the field (its type says `any`): the value and its focus handler.
      const given: { value?: unknown; onFocus?: (event: FocusEvent<HTMLElement>) => void } =
        inputProps;
      return { error, ...left, ...requiredFieldProps(given.value, given.onFocus) };
    },
  });
  /**
   * The form's submit handler: a save with invalid fields shows all their
   * messages at once and brings the first of them into view with the focus.
   */
  const onSubmit: typeof form.onSubmit = (handleSubmit, handleValidationFailure) =>
    form.onSubmit(handleSubmit, (errors, values, event) => {
      handleValidationFailure?.(errors, values, event);
      const element = event?.currentTarget;
      if (!(element instanceof HTMLElement)) return;
      // After the render that marks the fields invalid.
      requestAnimationFrame(() =>
        element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
    });
  return { ...form, onSubmit };
}
