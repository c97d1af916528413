/**
 * The tags of a tip (docs/product.md#api-calls "Tags and search"): suggestions from GET
 * /ac/tags while typing; a tag that does not exist yet is created with POST
 * /tags and taken over as the server spells it.
 */
import { CAMPAIGN_TEXT_LIMITS } from '@backoffice/domain';
import { TagsInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyInfo } from '../../../../shared/ui/notify';
import { useCreateTag, useTagSuggestions } from '../../api/tags';
import type { FieldProps } from '../use-step-form';

const MAX_TAGS = 30;
const SEARCH_DEBOUNCE_MS = 250;

export interface TagsFieldProps {
  /** The tags' field of the step form (its value is the list of tags). */
  field: FieldProps;
  /** A tag created on the server, as it spells it; added to the current tags. */
  onCreated: (name: string) => void;
}

export function TagsField({ field, onCreated }: TagsFieldProps) {
  const { t } = useTranslation();
  // The field's value read as what it may hold (@mantine/form types it as `any`).
  const props: Omit<FieldProps, 'value'> & { value?: unknown } = field;
  const { value: current, onChange, ...fieldProps } = props;
  const value = Array.isArray(current)
    ? current.filter((tag): tag is string => typeof tag === 'string')
    : [];
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const suggestions = useTagSuggestions(debounced);
  const createTag = useCreateTag();
  const known = suggestions.data?.tags ?? [];

  const change = (next: string[]) => {
    const added = next.filter((tag) => !value.includes(tag));
    const kept = next.filter((tag) => value.includes(tag));
    const existing = added.filter((tag) => known.includes(tag));
    const fresh = added.filter((tag) => !known.includes(tag));
    onChange([...kept, ...existing]);
    // One promise per tag: mutate()'s own callbacks run for the latest call
    // only, so of two tags added at once (a pasted "a, b") one would be lost.
    for (const tag of fresh) {
      createTag
        .mutateAsync(tag)
        .then(({ name }) => {
          notifyInfo(t('campaigns.wizard.content.tagCreated', { name }));
          onCreated(name);
        })
        // The client has shown the failed request's alert; the tag goes back
        // into the field (unless something else was typed meanwhile) to be tried again.
        .catch(() => setSearch((typed) => (typed === '' ? tag : typed)));
    }
  };

  return (
    <div data-testid="content-tags">
      <TagsInput
        label={t('campaigns.wizard.content.tags')}
        placeholder={t('campaigns.wizard.content.tagsPlaceholder')}
        data={known}
        value={value}
        onChange={change}
        searchValue={search}
        onSearchChange={setSearch}
        maxTags={MAX_TAGS}
        maxLength={CAMPAIGN_TEXT_LIMITS.tag}
        clearable
        {...fieldProps}
      />
    </div>
  );
}
