/**
 * What Mantine's AppShell takes from react-remove-scroll: only the class
 * names of `RemoveScroll.classNames` (the header, footer and aside keep
 * their right edge while a modal locks the page's scroll). The same values
 * as the library's, from the constants module it builds them from; see
 * `remove-scroll-plugin.ts` for why the AppShell gets this module instead.
 */
import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';

export const RemoveScroll = {
  classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName },
} as const;
