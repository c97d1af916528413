/**
 * The AppShell without the scroll lock: Mantine's AppShell reads nothing of
 * react-remove-scroll but its class names, and the names it gets are the
 * library's (a modal's scroll lock keeps the header's right edge with them).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { RemoveScroll as Library } from 'react-remove-scroll';
import { describe, expect, it } from 'vitest';
import { RemoveScroll as ClassNamesOnly } from './remove-scroll-class-names.ts';
import { APP_SHELL_MODULES, appShellWithoutScrollLock } from './remove-scroll-plugin.ts';

const require = createRequire(import.meta.url);
const mantineMain = require.resolve('@mantine/core');
const mantineEsm = path.join(
  mantineMain.slice(0, mantineMain.lastIndexOf(`${path.sep}@mantine${path.sep}core${path.sep}`)),
  '@mantine',
  'core',
  'esm',
);

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return modules(full);
    return entry.name.endsWith('.mjs') ? [full] : [];
  });
}

describe('the AppShell without the scroll lock', () => {
  it('reads only the class names of react-remove-scroll', () => {
    const appShell = modules(path.join(mantineEsm, 'components/AppShell'));
    expect(appShell.length).toBeGreaterThan(0);
    const read = appShell.flatMap((file) => {
      const code = readFileSync(file, 'utf8').replace(
        /^import .*from "react-remove-scroll";$/m,
        '',
      );
      return [...code.matchAll(/\bRemoveScroll\b(\.\w+\.\w+)?/g)].map(([use]) => use);
    });
    expect(read.length).toBeGreaterThan(0);
    for (const use of new Set(read)) {
      expect(use).toMatch(/^RemoveScroll\.classNames\.\w+$/);
      const name = use.split('.')[2] as keyof typeof ClassNamesOnly.classNames;
      expect(ClassNamesOnly.classNames[name]).toBeDefined();
    }
  });

  it('gets the class names the library uses', () => {
    expect(ClassNamesOnly.classNames).toEqual(Library.classNames);
  });

  it('gets them in the AppShell only; modals import the library', () => {
    const plugin = appShellWithoutScrollLock();
    const resolve = plugin.resolveId as (source: string, importer?: string) => string | undefined;
    const header = path.join(mantineEsm, 'components/AppShell/AppShellHeader/AppShellHeader.mjs');
    const modal = path.join(mantineEsm, 'components/ModalBase/ModalBase.mjs');
    expect(APP_SHELL_MODULES.test(header)).toBe(true);
    expect(resolve('react-remove-scroll', header)).toMatch(/remove-scroll-class-names\.ts$/);
    expect(resolve('react-remove-scroll', modal)).toBeUndefined();
    expect(resolve('react', header)).toBeUndefined();
  });
});
