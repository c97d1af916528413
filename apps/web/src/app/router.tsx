/**
 * The route table (spec §2), composed of the features' routes
 * (`features/<name>/routes.tsx`, listed in `features.ts`): each page is a
 * lazy chunk loaded with its texts, each guard (named by the feature) runs as
 * the route's loader, so the sign-in pages load without the shell. Routes of
 * later features are registered only where the spec's guards must already
 * hold; they show the 404 page to the users who pass the guard.
 */
import {
  createBrowserRouter,
  matchRoutes,
  Outlet,
  type LazyRouteFunction,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { withChunkTimeout } from '../shared/chunk-load';
import { withTexts } from '../shared/i18n/i18n';
import type { TextPartName } from '../shared/i18n/text-parts';
import type { FeatureRoute, GuardName, PageImport } from '../shared/routing/feature-routes';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { NotFoundPage } from '../shared/ui/not-found-page';
import { FEATURES } from './features';
import type * as Guards from './guards';
import { RouteErrorPage } from './route-error-page';

/**
 * The guards (and the session, API client and query cache they use) load
 * with the first signed-in route, in parallel with its page: the sign-in
 * pages need none of them.
 */
const loadGuards = withChunkTimeout(() => import('./guards'));

function guard(pick: (guards: typeof Guards) => LoaderFunction): LoaderFunction {
  return async (args: LoaderFunctionArgs) => pick(await loadGuards())(args);
}

/** Each page's module loader by its route's `lazy`, for `prefetchRouteCode`. */
const pageModules = new WeakMap<() => Promise<unknown>, () => Promise<unknown>>();

/** A route's lazy page: its module with the texts of its part, under the chunk timeout. */
function lazyPage<T>(load: () => Promise<T>, texts?: TextPartName): () => Promise<T> {
  const lazy = withChunkTimeout(texts ? withTexts(texts, load) : load);
  pageModules.set(lazy, load);
  return lazy;
}

const requireSignedIn = guard((guards) => guards.requireSignedIn);

/** Each named guard's loader, made once. */
const guardLoaders = new Map<string, LoaderFunction>();

function guardLoader(name: GuardName): LoaderFunction {
  const key = typeof name === 'string' ? name : `merchantScreen:${name.merchantScreen}`;
  let loader = guardLoaders.get(key);
  if (!loader) {
    loader =
      typeof name === 'string'
        ? guard((guards) => guards[name])
        : guard((guards) => guards.requireMerchantScreen(name.merchantScreen));
    guardLoaders.set(key, loader);
  }
  return loader;
}

/** Each page's lazy route function, made once (a page may serve several routes). */
const lazyPages = new Map<PageImport, LazyRouteFunction<RouteObject>>();

function lazyRoute(page: PageImport, texts: TextPartName | undefined) {
  let lazy = lazyPages.get(page);
  if (!lazy) {
    lazy = lazyPage(page, texts);
    lazyPages.set(page, lazy);
  }
  return lazy;
}

/** A feature's route as react-router takes it: its guard as loader, its page as `lazy`. */
function toRouteObject(route: FeatureRoute): RouteObject {
  const { guard: guardName, page, texts, children, ...rest } = route;
  return {
    ...rest,
    ...(guardName ? { loader: guardLoader(guardName) } : {}),
    ...(page ? { lazy: lazyRoute(page, texts) } : {}),
    ...(children ? { children: children.map(toRouteObject) } : {}),
  } as RouteObject;
}

/** Pages inside the shell; relative paths below the layout route. */
const shellRoutes: RouteObject[] = [
  ...FEATURES.flatMap((feature) => feature.shell ?? []).map(toRouteObject),
  { path: '*', id: 'not-found', Component: NotFoundPage },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Outlet />,
    hydrateFallbackElement: <FullPageLoader />,
    errorElement: <RouteErrorPage />,
    children: [
      ...FEATURES.flatMap((feature) => feature.public ?? []).map(toRouteObject),
      {
        id: 'shell',
        path: '/',
        loader: requireSignedIn,
        // The token may expire while the app is open: check it on every navigation.
        shouldRevalidate: () => true,
        lazy: lazyPage(() => import('./shell/shell-layout')),
        errorElement: <RouteErrorPage />,
        // Failures of a page (a 403 of its guard, a chunk that did not load) show inside the shell.
        children: [{ errorElement: <RouteErrorPage />, children: shellRoutes }],
      },
    ],
  },
];

/**
 * Starts fetching the code of the page at `pathname` (its modules and, for a
 * signed-in page, the guards) while the configuration and the texts load,
 * instead of after them. Texts are not fetched here: they load with the
 * route once the language is known.
 */
export function prefetchRouteCode(pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (route.id === 'shell') void loadGuards().catch(() => undefined);
    const load = typeof route.lazy === 'function' ? pageModules.get(route.lazy) : undefined;
    void load?.().catch(() => undefined);
  }
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
