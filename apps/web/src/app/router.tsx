/**
 * All routes and their guards in one place (spec §2). Pages are split into
 * lazy chunks, so the sign-in pages load without the shell. Routes of later
 * features are registered only where the spec's guards must already hold;
 * they show the 404 page to the users who pass the guard.
 */
import { CAMPAIGN_STEPS, type CampaignFamily, type MerchantScreen } from '@backoffice/domain';
import {
  createBrowserRouter,
  Outlet,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { withChunkTimeout } from '../shared/chunk-load';
import { withTexts } from '../shared/i18n/i18n';
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

const requireSignedIn = guard((guards) => guards.requireSignedIn);
const requireTips = guard((guards) => guards.requireTips);
const requireAdmin = guard((guards) => guards.requireAdmin);
const requireAccessCodeSets = guard((guards) => guards.requireAccessCodeSets);
const requireMerchantList = guard((guards) => guards.requireMerchantList);
const requireMerchantEdit = guard((guards) => guards.requireMerchantEdit);
const requireMerchantProfileAccess = guard((guards) => guards.requireMerchantProfileAccess);
const requireMerchantScreen = (screen: MerchantScreen) =>
  guard((guards) => guards.requireMerchantScreen(screen));

const campaignPage = withChunkTimeout(
  withTexts('campaigns', () => import('../features/campaigns/pages/campaign-page')),
);
const campaignSubmittedPage = withChunkTimeout(
  withTexts('campaigns', () => import('../features/campaigns/pages/campaign-submitted-page')),
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
  lazy: withChunkTimeout(
    withTexts('campaigns', () => import('../features/campaigns/campaigns-layout')),
  ),
  children: [
    {
      index: true,
      id: 'campaigns',
      lazy: withChunkTimeout(
        withTexts('campaigns', () => import('../features/campaigns/pages/campaign-list-page')),
      ),
    },
    {
      path: routePatterns.campaignChildren.list,
      id: 'campaign-list',
      lazy: withChunkTimeout(
        withTexts('campaigns', () => import('../features/campaigns/pages/campaign-list-page')),
      ),
    },
    {
      path: routePatterns.campaignChildren.create,
      id: 'campaign-create',
      lazy: withChunkTimeout(
        withTexts('campaigns', () => import('../features/campaigns/pages/campaign-create-page')),
      ),
    },
    {
      path: routePatterns.campaignChildren.viewInApp,
      id: 'campaign-view-in-app',
      lazy: withChunkTimeout(
        withTexts('campaigns', () => import('../features/campaigns/pages/view-in-app-page')),
      ),
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
    lazy: withChunkTimeout(
      withTexts('dashboard', () => import('../features/dashboard/dashboard-page')),
    ),
  },
  {
    path: routePatterns.pleaseUpgrade.slice(1),
    id: 'please-upgrade',
    lazy: withChunkTimeout(() => import('../features/upgrade/please-upgrade-page')),
  },
  {
    path: routePatterns.merchantCreate.slice(1),
    id: 'merchant-create',
    loader: requireMerchantProfileAccess,
    lazy: withChunkTimeout(
      withTexts('merchants', () => import('../features/merchants/pages/merchant-create-page')),
    ),
  },
  {
    path: routePatterns.merchantEdit.slice(1),
    id: 'merchant-edit',
    loader: requireMerchantEdit,
    lazy: withChunkTimeout(
      withTexts('merchants', () => import('../features/merchants/pages/merchant-edit-page')),
    ),
  },
  {
    path: routePatterns.merchantAccounts.slice(1),
    id: 'merchant-accounts',
    loader: requireMerchantScreen('accounts'),
    lazy: withChunkTimeout(
      withTexts('merchants', () => import('../features/merchants/pages/accounts-page')),
    ),
  },
  {
    path: routePatterns.merchantLocations.slice(1),
    id: 'merchant-locations',
    loader: requireMerchantScreen('locations'),
    lazy: withChunkTimeout(
      withTexts('merchants', () => import('../features/merchants/pages/locations-page')),
    ),
  },
  {
    path: routePatterns.merchantNotifications.slice(1),
    id: 'merchant-notifications',
    loader: requireMerchantScreen('notifications'),
    lazy: withChunkTimeout(
      withTexts('merchants', () => import('../features/merchants/pages/notifications-page')),
    ),
  },
  campaignRoutes,
  {
    path: routePatterns.reviewQueue.slice(1),
    id: 'review-queue',
    loader: requireAdmin,
    lazy: withChunkTimeout(
      withTexts('review', () => import('../features/review/review-queue-page')),
    ),
  },
  {
    path: routePatterns.apiKeys.slice(1),
    id: 'api-keys',
    loader: requireAdmin,
    lazy: withChunkTimeout(
      withTexts('apiKeys', () => import('../features/api-keys/api-keys-page')),
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
        lazy: withChunkTimeout(
          withTexts(
            'accessCodeSets',
            () => import('../features/access-code-sets/pages/access-code-set-list-page'),
          ),
        ),
      },
      {
        path: ':id',
        id: 'access-code-set-edit',
        lazy: withChunkTimeout(
          withTexts(
            'accessCodeSets',
            () => import('../features/access-code-sets/pages/access-code-set-edit-page'),
          ),
        ),
      },
      {
        path: ':ident/code-usage',
        id: 'access-code-set-code-usage',
        lazy: withChunkTimeout(
          withTexts(
            'accessCodeSets',
            () => import('../features/access-code-sets/pages/code-usage-page'),
          ),
        ),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
  {
    path: routePatterns.merchantList.slice(1),
    id: 'merchant-list',
    loader: requireMerchantList,
    lazy: withChunkTimeout(
      withTexts('merchantList', () => import('../features/merchant-list/merchant-list-page')),
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
        lazy: withChunkTimeout(() => import('../features/auth/pages/login-page')),
      },
      {
        path: routePatterns.oauthPostback,
        id: 'oauth-postback',
        lazy: withChunkTimeout(() => import('../features/auth/postback-route')),
      },
      {
        path: routePatterns.oauthLogout,
        id: 'oauth-logout',
        lazy: withChunkTimeout(() => import('../features/auth/logout-route')),
      },
      {
        id: 'shell',
        path: '/',
        loader: requireSignedIn,
        // The token may expire while the app is open: check it on every navigation.
        shouldRevalidate: () => true,
        lazy: withChunkTimeout(() => import('./shell/shell-layout')),
        errorElement: <RouteErrorPage />,
        // Failures of a page (a 403 of its guard, a chunk that did not load) show inside the shell.
        children: [{ errorElement: <RouteErrorPage />, children: shellRoutes }],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
