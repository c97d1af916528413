/**
 * How the build groups modules into files (rolldown's `codeSplitting`), so
 * that each kind of first load comes in a few files instead of dozens of
 * small shared chunks: fewer requests, and gzip compresses one file better
 * than many. A browser opens six connections to a server over HTTP/1.1, so
 * 40 small files cost seven round trips one after another (Lighthouse's
 * campaign list and wizard step waited 300–500 ms for them).
 *
 * - `app`: everything the entry imports statically (React, the router,
 *   i18next, Mantine's provider and theme, the route table), one file.
 * - `first`: the few small modules the sign-in page and the dashboard load
 *   besides (card, paper, the campaign status and type lists, number
 *   formats). They are named here so that the shared groups below, which
 *   take each module's dependencies along, do not take them: the pages with
 *   a first-load budget would then load those groups' files.
 * - `shell`: the signed-in layout and the route guards with everything they
 *   import (the API client, TanStack Query, the session); every signed-in
 *   screen needs them first, so they are one file as well. The login page
 *   imports nothing of it; postback and logout use its API client (postback
 *   leads into the shell anyway).
 * - `ui`: the Mantine components (with floating-ui, icons and the scroll
 *   lock) that two or more lazily loaded screens use, one file.
 * - `pages`: the app's own modules two or more screens share (list and
 *   table parts, campaign texts, forms, and what they import), one file.
 *
 * Each screen's own code stays with rolldown's automatic chunking and loads
 * with the screen; a screen loads `ui` and `pages` whole, which is more bytes
 * than it uses but far fewer requests (the campaign list 5 files instead of
 * 38, the wizard 5 instead of 65). `npm run bench -- start` measures the
 * first loads with budgets.
 */
import type { Rolldown } from 'vite';

/**
 * Sources (endings of module ids) that open the signed-in part of the app;
 * the dashboard's query keys, which the features that change what it
 * counts share with it; and the campaign title in the user's language, which
 * the dashboard's lazily loaded parts (rejected campaigns, conversion) share
 * with the campaign screens. In `pages`, those would bring that file and `ui`
 * into the dashboard's first load.
 */
const SHELL_ROOTS = [
  '/src/app/shell/shell-layout.tsx',
  '/src/app/guards.ts',
  '/src/shared/resources/dashboard/dashboard-keys.ts',
  '/src/shared/resources/campaigns/campaign-title.ts',
];
/** What nearly every signed-in screen uses besides: TanStack Query's hooks. */
const SHELL_LIBRARIES = /[\\/]node_modules[\\/]@tanstack[\\/]/;
/** The small modules of the sign-in page's and the dashboard's first loads outside `app` and `shell`. */
const FIRST_LOAD_EXTRAS = [
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Card|Paper)[\\/]/,
  /[\\/]packages[\\/]domain[\\/]src[\\/]campaign[\\/](status|types)\.ts$/,
  /[\\/]src[\\/]shared[\\/]format[\\/](locale|number)\.ts$/,
  // The dashboard's class names, which its lazily loaded parts (rejected campaigns, conversion) share.
  /[\\/]src[\\/]features[\\/]dashboard[\\/]dashboard\.module\.css$/,
];
/** Mantine's components and hooks with the libraries they use. */
const UI_LIBRARIES =
  /[\\/]node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|@tabler|react-remove-scroll[^\\/]*|react-style-singleton|use-callback-ref|use-sidecar|tslib|get-nonce|aria-hidden)[\\/]/;
/** The app's own feature and shared modules. */
const APP_SOURCES = /[\\/]apps[\\/]web[\\/]src[\\/](features|shared)[\\/]/;

export function chunkGroups(): Rolldown.CodeSplittingOptions {
  return {
    groups: [
      { name: 'app', tags: ['$initial'] },
      // A group takes the modules it captures with their dependencies.
      { name: 'first', test: (id) => FIRST_LOAD_EXTRAS.some((pattern) => pattern.test(id)) },
      {
        name: 'shell',
        test: (id) => SHELL_LIBRARIES.test(id) || SHELL_ROOTS.some((root) => id.endsWith(root)),
      },
      // minShareCount: only what at least two lazily loaded chunks import.
      { name: 'ui', test: UI_LIBRARIES, minShareCount: 2 },
      { name: 'pages', test: APP_SOURCES, minShareCount: 2 },
    ],
  };
}
