/**
 * All routes and their guards in one place (spec §2). Pages are split into
 * lazy chunks, so the sign-in pages load without the shell. Routes of later
 * features are registered only where the spec's guards must already hold;
 * they show the 404 page to the users who pass the guard.
 */
import { CAMPAIGN_STEPS, type CampaignFamily, type MerchantScreen } from '@backoffice/domain';
import {
  createBrowserRouter,
  matchRoutes,
  Outlet,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { withChunkTimeout } from '../shared/chunk-load';
import { withTexts } from '../shared/i18n/i18n';
import type { TextPartName } from '../shared/i18n/text-parts';
import { routePatterns } from '../shared/paths';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { NotFoundPage } from '../shared/ui/not-found-page';
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
const requireTips = guard((guards) => guards.requireTips);
const requireAdmin = guard((guards) => guards.requireAdmin);
const requireAccessCodeSets = guard((guards) => guards.requireAccessCodeSets);
const requireMerchantList = guard((guards) => guards.requireMerchantList);
const requireMerchantEdit = guard((guards) => guards.requireMerchantEdit);
const requireMerchantProfileAccess = guard((guards) => guards.requireMerchantProfileAccess);
const requireMerchantScreen = (screen: MerchantScreen) =>
  guard((guards) => guards.requireMerchantScreen(screen));

const campaignPage = lazyPage(
  () => import('../features/campaigns/pages/campaign-page'),
  'campaigns',
);
const campaignSubmittedPage = lazyPage(
  () => import('../features/campaigns/pages/campaign-submitted-page'),
  'campaigns',
);

/**
 * The pages of one campaign (spec §2): the root path and the step sub-pages,
 * named family-step (e.g. coupon-review); the tip's benefit step is its root.
 */
function campaignFamilyRoute(family: CampaignFamily): RouteObject {
  const handle = (campaignStep: (typeof CAMPAIGN_STEPS)[number]) => ({
    campaignFamily: family,
    campaignStep,
  });
  return {
    path: routePatterns.campaignChildren.campaign(family),
    ...(family === 'tip' ? { loader: requireTips } : {}),
    children: [
      {
        index: true,
        id: family === 'tip' ? 'tip-benefit' : family,
        handle: handle('benefit'),
        lazy: campaignPage,
      },
      ...CAMPAIGN_STEPS.filter((step) => family !== 'tip' || step !== 'benefit').map(
        (step): RouteObject => ({
          path: step,
          id: `${family}-${step}`,
          handle: handle(step),
          lazy: campaignPage,
        }),
      ),
      {
        path: routePatterns.campaignChildren.submitted,
        id: `${family}-submitted`,
        lazy: campaignSubmittedPage,
      },
    ],
  };
}

/** The campaign container /{merchantIdent}/campaigns and its children (spec §2). */
const campaignRoutes: RouteObject = {
  path: routePatterns.campaigns.slice(1),
  loader: requireMerchantScreen('campaigns'),
  lazy: lazyPage(() => import('../features/campaigns/pages/campaigns-layout'), 'campaigns'),
  children: [
    {
      index: true,
      id: 'campaigns',
      lazy: lazyPage(() => import('../features/campaigns/pages/campaign-list-page'), 'campaigns'),
    },
    {
      path: routePatterns.campaignChildren.list,
      id: 'campaign-list',
      lazy: lazyPage(() => import('../features/campaigns/pages/campaign-list-page'), 'campaigns'),
    },
    {
      path: routePatterns.campaignChildren.create,
      id: 'campaign-create',
      lazy: lazyPage(() => import('../features/campaigns/pages/campaign-create-page'), 'campaigns'),
    },
    {
      path: routePatterns.campaignChildren.viewInApp,
      id: 'campaign-view-in-app',
      lazy: lazyPage(() => import('../features/campaigns/pages/view-in-app-page'), 'campaigns'),
    },
    campaignFamilyRoute('sweepstake'),
    campaignFamilyRoute('coupon'),
    campaignFamilyRoute('tip'),
  ],
};

/** Pages inside the shell; relative paths below the layout route. */
const shellRoutes: RouteObject[] = [
  {
    index: true,
    id: 'dashboard',
    lazy: lazyPage(() => import('../features/dashboard/pages/dashboard-page'), 'dashboard'),
  },
  {
    path: routePatterns.pleaseUpgrade.slice(1),
    id: 'please-upgrade',
    lazy: lazyPage(() => import('../features/upgrade/pages/please-upgrade-page'), 'upgrade'),
  },
  {
    path: routePatterns.merchantCreate.slice(1),
    id: 'merchant-create',
    loader: requireMerchantProfileAccess,
    lazy: lazyPage(() => import('../features/merchants/pages/merchant-create-page'), 'merchants'),
  },
  {
    path: routePatterns.merchantEdit.slice(1),
    id: 'merchant-edit',
    loader: requireMerchantEdit,
    lazy: lazyPage(() => import('../features/merchants/pages/merchant-edit-page'), 'merchants'),
  },
  {
    path: routePatterns.merchantAccounts.slice(1),
    id: 'merchant-accounts',
    loader: requireMerchantScreen('accounts'),
    lazy: lazyPage(() => import('../features/merchants/pages/accounts-page'), 'merchants'),
  },
  {
    path: routePatterns.merchantLocations.slice(1),
    id: 'merchant-locations',
    loader: requireMerchantScreen('locations'),
    lazy: lazyPage(() => import('../features/merchants/pages/locations-page'), 'merchants'),
  },
  {
    path: routePatterns.merchantNotifications.slice(1),
    id: 'merchant-notifications',
    loader: requireMerchantScreen('notifications'),
    lazy: lazyPage(() => import('../features/merchants/pages/notifications-page'), 'merchants'),
  },
  campaignRoutes,
  {
    path: routePatterns.reviewQueue.slice(1),
    id: 'review-queue',
    loader: requireAdmin,
    lazy: lazyPage(() => import('../features/review/pages/review-queue-page'), 'review'),
  },
  {
    path: routePatterns.apiKeys.slice(1),
    id: 'api-keys',
    loader: requireAdmin,
    lazy: lazyPage(() => import('../features/api-keys/pages/api-keys-page'), 'apiKeys'),
  },
  {
    path: routePatterns.twoFactor.slice(1),
    id: 'two-factor',
    lazy: lazyPage(() => import('../features/account/pages/two-factor-page'), 'twoFactor'),
  },
  {
    path: routePatterns.backgroundJobs.slice(1),
    id: 'background-jobs',
    loader: requireAdmin,
    lazy: lazyPage(
      () => import('../features/background-jobs/pages/background-jobs-page'),
      'backgroundJobs',
    ),
  },
  {
    path: routePatterns.accessCodeSets.slice(1),
    id: 'access-code-sets',
    loader: requireAccessCodeSets,
    children: [
      {
        index: true,
        id: 'access-code-set-list',
        lazy: lazyPage(
          () => import('../features/access-code-sets/pages/access-code-set-list-page'),
          'accessCodeSets',
        ),
      },
      {
        path: ':id',
        id: 'access-code-set-edit',
        lazy: lazyPage(
          () => import('../features/access-code-sets/pages/access-code-set-edit-page'),
          'accessCodeSets',
        ),
      },
      {
        path: ':ident/code-usage',
        id: 'access-code-set-code-usage',
        lazy: lazyPage(
          () => import('../features/access-code-sets/pages/code-usage-page'),
          'accessCodeSets',
        ),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
  {
    path: routePatterns.devices.slice(1),
    id: 'devices',
    lazy: lazyPage(() => import('../features/devices/pages/devices-page'), 'devices'),
  },
  {
    path: routePatterns.merchantList.slice(1),
    id: 'merchant-list',
    loader: requireMerchantList,
    lazy: lazyPage(
      () => import('../features/merchant-list/pages/merchant-list-page'),
      'merchantList',
    ),
  },
  { path: '*', id: 'not-found', Component: NotFoundPage },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Outlet />,
    hydrateFallbackElement: <FullPageLoader />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: routePatterns.oauthLogin,
        id: 'oauth-login',
        lazy: lazyPage(() => import('../features/auth/pages/login-page')),
      },
      {
        path: routePatterns.oauthPostback,
        id: 'oauth-postback',
        lazy: lazyPage(() => import('../features/auth/pages/postback-route')),
      },
      {
        path: routePatterns.oauthLogout,
        id: 'oauth-logout',
        lazy: lazyPage(() => import('../features/auth/pages/logout-route')),
      },
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
