/** The Mantine theme of the back-office. */
import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  // People who ask their system for less motion get no transitions (WCAG 2.3.3).
  respectReducedMotion: true,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
});
