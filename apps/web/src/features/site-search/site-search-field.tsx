/**
 * The site search field of the top bar. It renders as a plain input; the
 * search with its dropdown (and the popover code it needs) is fetched when
 * the field is first focused and takes the input's place once it has loaded,
 * with what was typed so far and the focus. That keeps it out of the shell's
 * first load without losing a keystroke.
 */
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const loadCombobox = () => import('./site-search-combobox');
const SiteSearchCombobox = lazy(loadCombobox);

export function SiteSearchField() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [loaded, setLoaded] = useState<{ focused: boolean } | null>(null);

  const prepare = () => {
    void loadCombobox().then(() =>
      setLoaded({ focused: document.activeElement === input.current }),
    );
  };

  if (loaded) {
    return (
      <Suspense fallback={null}>
        <SiteSearchCombobox initialText={text} autoFocus={loaded.focused} />
      </Suspense>
    );
  }
  return (
    <TextInput
      ref={input}
      aria-label={t('search.label')}
      placeholder={t('search.placeholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        prepare();
      }}
      onFocus={prepare}
      w={{ base: '100%', sm: 260 }}
    />
  );
}
