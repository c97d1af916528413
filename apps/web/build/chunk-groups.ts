/**
 * How the build groups modules into files (rolldown's `codeSplitting`), so
 * that each kind of first load comes in a few files instead of dozens of
 * small shared chunks: fewer requests, and gzip compresses one file better
 * than many.
 *
 * - `app`: everything the entry imports statically (React, the router,
 *   i18next, Mantine's provider and theme, the route table), one file.
 * - `shell`: the signed-in layout and the route guards with everything they
 *   import (the API client, TanStack Query, the session); every signed-in
 *   screen needs them first, so they are one file as well. The login page
 *   imports nothing of it; postback and logout use its API client (postback
 *   leads into the shell anyway).
 *
 * Everything else (each screen's own code, what several screens share) stays
 * with rolldown's automatic chunking and loads with the screens that use it.
 */
import type { Rolldown } from 'vite';

/** Sources (endings of module ids) that open the signed-in part of the app. */
const SHELL_ROOTS = ['/src/app/shell/shell-layout.tsx', '/src/app/guards.ts'];
/** What nearly every signed-in screen uses besides: TanStack Query's hooks. */
const SHELL_LIBRARIES = /[\\/]node_modules[\\/]@tanstack[\\/]/;

export function chunkGroups(): Rolldown.CodeSplittingOptions {
  return {
    groups: [
      { name: 'app', tags: ['$initial'] },
      // A group takes the modules it captures with their dependencies.
      {
        name: 'shell',
        test: (id) => SHELL_LIBRARIES.test(id) || SHELL_ROOTS.some((root) => id.endsWith(root)),
      },
    ],
  };
}
