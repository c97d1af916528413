/**
 * The site search field of the top bar. It renders as a plain input; the
 * search with its dropdown (and the popover code it needs) loads when the
 * field is first focused, which keeps it out of the shell's first load.
 */
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SiteSearchCombobox = lazy(() => import('./site-search-combobox'));

export function SiteSearchField() {
  const { t } = useTranslation();
  const [active, setActive] = useState(false);
  const [text, setText] = useState('');

  const placeholder = (
    <TextInput
      aria-label={t('search.label')}
      placeholder={t('search.placeholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        setActive(true);
      }}
      onFocus={() => setActive(true)}
      w={{ base: '100%', sm: 260 }}
    />
  );
  if (!active) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <SiteSearchCombobox initialText={text} />
    </Suspense>
  );
}
