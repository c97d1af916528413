/**
 * The page of a list screen and its text filter: a changed filter starts
 * again on page 1, and the filter is applied once typing pauses.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/** How long typing pauses before a list's filter is applied. */
export const LIST_FILTER_DEBOUNCE_MS = 300;

export function useListPaging(filterDebounceMs = LIST_FILTER_DEBOUNCE_MS) {
  const [page, setPage] = useState(1);
  const [filter, setFilterText] = useState('');
  const [appliedFilter] = useDebouncedValue(filter.trim(), filterDebounceMs);
  return {
    page,
    setPage,
    /** The filter as typed. */
    filter,
    setFilter: (text: string) => {
      setFilterText(text);
      setPage(1);
    },
    /** The filter the list is asked for: trimmed, after typing paused; undefined when empty. */
    appliedFilter: appliedFilter || undefined,
  };
}
