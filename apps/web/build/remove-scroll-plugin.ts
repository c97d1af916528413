/**
 * Vite plugin: Mantine's AppShell imports react-remove-scroll (the scroll
 * lock of modals, with its side-car, style singleton and tslib) only to read
 * two class names from it. Every signed-in screen shows the AppShell, so
 * that import put the whole scroll lock into the shell's first load (about
 * 3.5 KB gzip) although no modal is open. The AppShell's modules get
 * `remove-scroll-class-names.ts` instead; modals import the real library,
 * which uses the same class names. `remove-scroll-plugin.test.ts` checks that
 * the AppShell still reads nothing else and that the names are the library's.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

/** The AppShell's modules of @mantine/core (header, footer, aside). */
export const APP_SHELL_MODULES = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]/;
const CLASS_NAMES_MODULE = path.resolve(import.meta.dirname, 'remove-scroll-class-names.ts');

export function appShellWithoutScrollLock(): Plugin {
  return {
    name: 'backoffice-app-shell-without-scroll-lock',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'react-remove-scroll' || !importer || !APP_SHELL_MODULES.test(importer)) {
        return undefined;
      }
      return CLASS_NAMES_MODULE;
    },
  };
}
