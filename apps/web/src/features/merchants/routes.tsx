/** The acting merchant's screens (profile, accounts, locations, notifications) and its menu section. */
import { routePatterns } from '../../shared/paths';
import type { FeatureRoutes } from '../../shared/routing/feature-routes';

export const featureRoutes: FeatureRoutes = {
  shell: [
    {
      path: routePatterns.merchantCreate.slice(1),
      id: 'merchant-create',
      guard: 'requireMerchantProfileAccess',
      page: () => import('./pages/merchant-create-page'),
      texts: 'merchants',
    },
    {
      path: routePatterns.merchantEdit.slice(1),
      id: 'merchant-edit',
      guard: 'requireMerchantEdit',
      page: () => import('./pages/merchant-edit-page'),
      texts: 'merchants',
    },
    {
      path: routePatterns.merchantAccounts.slice(1),
      id: 'merchant-accounts',
      guard: { merchantScreen: 'accounts' },
      page: () => import('./pages/accounts-page'),
      texts: 'merchants',
    },
    {
      path: routePatterns.merchantLocations.slice(1),
      id: 'merchant-locations',
      guard: { merchantScreen: 'locations' },
      page: () => import('./pages/locations-page'),
      texts: 'merchants',
    },
    {
      path: routePatterns.merchantNotifications.slice(1),
      id: 'merchant-notifications',
      guard: { merchantScreen: 'notifications' },
      page: () => import('./pages/notifications-page'),
      texts: 'merchants',
    },
  ],
  menu: [
    {
      kind: 'merchantSection',
      order: 30,
      icon: 'merchant',
      label: (t) => t('nav.merchant'),
      audience: 'everyone',
    },
  ],
};
