/** The merchant list, for administrators and agencies. */
import { paths, routePatterns } from '../../shared/paths';
import type { FeatureRoutes } from '../../shared/routing/feature-routes';

export const featureRoutes: FeatureRoutes = {
  shell: [
    {
      path: routePatterns.merchantList.slice(1),
      id: 'merchant-list',
      guard: 'requireMerchantList',
      page: () => import('./pages/merchant-list-page'),
      texts: 'merchantList',
    },
  ],
  menu: [
    {
      kind: 'link',
      order: 40,
      icon: 'merchantList',
      label: (t) => t('nav.merchantList'),
      audience: 'merchantList',
      to: () => paths.merchantList(),
    },
  ],
};
