/** The Mantine theme of the back-office. */
import { Badge, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  // People who ask their system for less motion get no transitions (WCAG 2.3.3).
  respectReducedMotion: true,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  components: {
    // A badge says a word or two (a level, a status, a phase): it keeps its
    // whole text and makes its table column or row wide enough, never "FREIGA…".
    Badge: Badge.extend({ styles: { root: { flexShrink: 0, minWidth: 'max-content' } } }),
  },
});
