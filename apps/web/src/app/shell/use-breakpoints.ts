/** Breakpoint checks for parts of the shell that must exist only once in the page. */
import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Mantine's md breakpoint (62em): the search moves from the side menu into the top bar. */
export function useIsWideShell(): boolean {
  return useMediaQuery(`(min-width: ${em(992)})`, true, { getInitialValueInEffect: false });
}
