/**
 * The working part of the site search: searches while typing (debounced
 * 500 ms, docs/product.md#limits) and lists hits in a dropdown; a single hit found by its
 * UUID opens directly (docs/product.md#screens-and-routes "Site search"). Loaded when the search field is first used.
 */
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { campaignTypeLabel } from '../../../shared/resources/campaigns/campaign-type-label';
import type { TSiteSearchHit } from '@backoffice/domain';
import { MIN_QUERY_LENGTH, useSiteSearch } from '../api/get-site-search';
import { hitPath } from '../hit-path';

export const SITE_SEARCH_DEBOUNCE_MS = 500;

export interface SiteSearchComboboxProps {
  /** What was typed before this part had loaded. */
  initialText: string;
  /** Whether the field had the focus when this part took its place: it takes it over. */
  takeFocus: boolean;
}

export default function SiteSearchCombobox({ initialText, takeFocus }: SiteSearchComboboxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(initialText);
  const [query] = useDebouncedValue(text.trim(), SITE_SEARCH_DEBOUNCE_MS);
  const search = useSiteSearch(query);
  const hits = search.data ?? [];

  const open = (path: string | undefined) => {
    if (!path) return;
    combobox.closeDropdown();
    setText('');
    void navigate(path);
  };

  // A single hit found by its UUID opens directly, once per answer. The text is
  // cleared while rendering (React's "adjust state on change" pattern); the
  // navigation itself is an effect.
  const single = hits.length === 1 && hits[0]?.by_uuid ? hits[0] : undefined;
  const [jumpTarget, setJumpTarget] = useState<TSiteSearchHit | undefined>(undefined);
  if (single && single !== jumpTarget) {
    setJumpTarget(single);
    setText('');
  }
  useEffect(() => {
    const path = jumpTarget ? hitPath(jumpTarget) : undefined;
    if (!path) return;
    combobox.closeDropdown();
    void navigate(path);
  }, [jumpTarget, combobox, navigate]);

  const showDropdown = query.length >= MIN_QUERY_LENGTH && search.isSuccess;

  // It replaces the field the user is typing in, so it takes over the focus (once).
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (takeFocus) field.current?.focus();
  }, [takeFocus]);

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const hit = hits.find((candidate) => `${candidate.type}:${candidate.ident}` === value);
        if (hit) open(hitPath(hit));
      }}
    >
      <Combobox.Target>
        <TextInput
          ref={field}
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={search.isFetching ? <Loader size="xs" /> : null}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={(event) => {
            // Taking over from the plain field: keep typing at the end of the text.
            const length = event.currentTarget.value.length;
            event.currentTarget.setSelectionRange(length, length);
            combobox.openDropdown();
          }}
          onBlur={() => combobox.closeDropdown()}
          w={{ base: '100%', md: 220, xl: 260 }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!showDropdown}>
        <Combobox.Options aria-label={t('search.hits')}>
          {hits.length === 0 ? (
            <Combobox.Empty>{t('search.noHits')}</Combobox.Empty>
          ) : (
            hits.map((hit) => (
              <Combobox.Option
                key={`${hit.type}:${hit.ident}`}
                value={`${hit.type}:${hit.ident}`}
                disabled={!hitPath(hit)}
              >
                <Text size="sm">{hit.label}</Text>
                <Text size="xs" c="dimmed">
                  {hit.type === 'merchant'
                    ? t('search.merchantHit')
                    : t('search.campaignHit', {
                        type: campaignTypeLabel(t, hit.type),
                        merchant: hit.more.merchant,
                      })}
                </Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
