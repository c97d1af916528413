/**
 * A form (@mantine/form) validated by one of the domain's zod schemas, the
 * same schema the server applies. The schema's issues are message keys;
 * `errorText` turns them into the texts shown beside the fields. Fields read
 * with `getInputProps(path, { required: true })` behave as required fields
 * (required-field.ts).
 */
import { schemaResolver, useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { requiredFieldProps } from './required-field';

export interface SchemaFormOptions<Values extends object> {
  initialValues: Values;
  /** The domain's schema for the values (zod 4 schemas are standard schemas). */
  schema: Parameters<typeof schemaResolver>[0];
  /** The text for a message key of the schema or the server. */
  errorText: (key: string | undefined) => string | undefined;
}

export function useSchemaForm<Values extends object>({
  initialValues,
  schema,
  errorText,
}: SchemaFormOptions<Values>) {
  return useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    enhanceGetInputProps: ({ inputProps, options }) => {
      const error: ReactNode = errorText(
        typeof inputProps.error === 'string' ? inputProps.error : undefined,
      );
      if (!options['required']) return { error };
      return { error, ...requiredFieldProps(inputProps.value, inputProps.onFocus) };
    },
  });
}
