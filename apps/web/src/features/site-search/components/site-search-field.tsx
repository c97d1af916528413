/**
 * The site search field of the top bar. It renders as a plain input; the
 * search with its dropdown (and the popover code it needs) is fetched when
 * the field is first focused and takes the input's place once it has loaded,
 * with what was typed so far and the focus. That keeps it out of the shell's
 * first load without losing a keystroke.
 */
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useRef, useState, type ComponentType } from 'react';
import type { SiteSearchComboboxProps } from './site-search-combobox';
import { useTranslation } from 'react-i18next';

const loadCombobox = () => import('./site-search-combobox');

export function SiteSearchField() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  // The loaded component itself (not React.lazy, which would suspend once and
  // leave the focus nowhere for a moment): the swap happens in one commit.
  const [loaded, setLoaded] = useState<{
    Combobox: ComponentType<SiteSearchComboboxProps>;
    focused: boolean;
  } | null>(null);

  const prepare = () => {
    void loadCombobox().then((module) =>
      setLoaded(
        (current) =>
          current ?? {
            Combobox: module.default,
            focused: document.activeElement === input.current,
          },
      ),
    );
  };

  if (loaded) return <loaded.Combobox initialText={text} takeFocus={loaded.focused} />;
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
      w={{ base: '100%', md: 220, xl: 260 }}
    />
  );
}
