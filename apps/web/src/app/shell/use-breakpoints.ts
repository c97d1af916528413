/** Breakpoint checks for parts of the shell that must exist only once in the page. */
import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Mantine's md breakpoint (62em): the side menu is open beside the page and
 * the search moves from it into the top bar. Below it (tablets at 768 px)
 * the menu is a drawer behind the burger.
 */
export const SHELL_BREAKPOINT = 'md';

export function useIsWideShell(): boolean {
  return useMediaQuery(`(min-width: ${em(992)})`, true, { getInitialValueInEffect: false });
}

/** From 1600 px the top bar has room for the signed-in email beside the user menu. */
export function useHasRoomForEmail(): boolean {
  return useMediaQuery(`(min-width: ${em(1600)})`, true, { getInitialValueInEffect: false });
}
