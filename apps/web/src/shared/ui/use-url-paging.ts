/**
 * The page of a list screen and its text filter, kept in the URL (`page`,
 * `filter`) like the campaign list's filters: a list can be bookmarked, and
 * back returns to the page it was on. A changed filter starts again on page
 * 1, and the filter is applied once typing pauses.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How long typing pauses before a list's filter is applied. */
export const LIST_FILTER_DEBOUNCE_MS = 300;

const MAX_FILTER_LENGTH = 200;

/** The page a URL asks for: a whole number from 1, else 1. */
export function pageOf(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** The filter a URL asks for, trimmed and bounded; '' when none. */
export function filterOf(search: URLSearchParams): string {
  return (search.get('filter') ?? '').trim().slice(0, MAX_FILTER_LENGTH);
}

export function useUrlPaging(filterDebounceMs = LIST_FILTER_DEBOUNCE_MS) {
  const [search, setSearch] = useSearchParams();
  const page = pageOf(search);
  const urlFilter = filterOf(search);
  const [typed, setTyped] = useState(urlFilter);
  // Back and forward change the URL's filter: the field follows (unless it
  // says the same, with a space still being typed).
  const [seen, setSeen] = useState(urlFilter);
  if (seen !== urlFilter) {
    setSeen(urlFilter);
    if (typed.trim() !== urlFilter) setTyped(urlFilter);
  }
  const [debounced] = useDebouncedValue(typed.trim(), filterDebounceMs);
  useEffect(() => {
    if (debounced === urlFilter) return;
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (debounced) next.set('filter', debounced);
        else next.delete('filter');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
    // Only a newly typed filter goes into the URL, not one the URL brought.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return {
    page,
    /** Another page: a new history entry, the filter kept. */
    setPage: (next: number) =>
      setSearch((previous) => {
        const params = new URLSearchParams(previous);
        if (next > 1) params.set('page', String(next));
        else params.delete('page');
        return params;
      }),
    /** The filter as typed. */
    filter: typed,
    setFilter: setTyped,
    /** The filter the list is asked for: from the URL; undefined when empty. */
    appliedFilter: urlFilter || undefined,
  };
}
