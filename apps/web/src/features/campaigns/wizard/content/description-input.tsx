/**
 * The description of one language in the chosen format: the rich-text
 * editor for WYSIWYG, a text area with a sanitised live preview for
 * markdown. A counter below says how many characters are still missing
 * (docs/product.md#validation: at least 200; the maximum is not shown).
 */
import {
  DESCRIPTION_MIN_LENGTH,
  descriptionLength,
  type TCampaignContent,
} from '@backoffice/domain';
import { Box, Input, Paper, SimpleGrid, Text, Textarea } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '../use-step-form';
import classes from './description.module.css';
import { renderDescription } from './render-description';

const RichTextInput = lazy(() => import('./rich-text-input'));

export interface DescriptionInputProps {
  label: string;
  format: TCampaignContent['description_format'];
  /** The description's field of the step form (its value is the text). */
  field: FieldProps;
  readOnly: boolean;
  /** A save is on its way: the editor rests (the text area rests with its fieldset). */
  busy: boolean;
}

export function DescriptionInput({ label, format, field, readOnly, busy }: DescriptionInputProps) {
  const { t } = useTranslation();
  const value = typeof field.value === 'string' ? field.value : '';
  const length = descriptionLength(value);
  const missing = DESCRIPTION_MIN_LENGTH - length;
  // A span: the wrapper's description is a <p> already.
  const counter = (
    <Text
      component="span"
      size="xs"
      c={missing > 0 ? 'dimmed' : 'teal.7'}
      data-testid="description-counter"
    >
      {missing > 0
        ? t('campaigns.wizard.content.remaining', { count: missing })
        : t('campaigns.wizard.content.length', { count: length })}
    </Text>
  );

  if (format === 'wysiwyg') {
    return (
      <Input.Wrapper
        label={label}
        withAsterisk={field.withAsterisk ?? false}
        error={field.error}
        description={counter}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data-field={field['data-field']}
      >
        <Suspense fallback={<Paper withBorder mih={200} />}>
          <RichTextInput
            value={value}
            onChange={(text) => field.onChange(text)}
            label={label}
            invalid={field.error !== undefined}
            readOnly={readOnly}
            busy={busy}
            onBlur={field.onBlur}
          />
        </Suspense>
      </Input.Wrapper>
    );
  }

  const html = renderDescription(value, 'markdown');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Textarea
        {...field}
        value={value}
        label={label}
        autosize
        minRows={10}
        description={counter}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <Box>
        <Text size="sm" fw={500} mb={4}>
          {t('campaigns.wizard.content.preview')}
        </Text>
        <Paper withBorder p="sm" mih={200} data-testid="markdown-preview">
          {html ? (
            // Sanitised by DOMPurify in renderDescription.
            <div className={classes.rendered} dangerouslySetInnerHTML={{ __html: html }} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('campaigns.wizard.content.previewEmpty')}
            </Text>
          )}
        </Paper>
        <Text size="xs" c="dimmed" mt={4}>
          {t('campaigns.wizard.content.markdownHint')}
        </Text>
      </Box>
    </SimpleGrid>
  );
}
