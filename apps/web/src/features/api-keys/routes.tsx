/** The consumer app's API keys, for administrators. */
import { paths, routePatterns } from '../../shared/paths';
import type { FeatureRoutes } from '../../shared/routing/feature-routes';

export const featureRoutes: FeatureRoutes = {
  shell: [
    {
      path: routePatterns.apiKeys.slice(1),
      id: 'api-keys',
      guard: 'requireAdmin',
      page: () => import('./pages/api-keys-page'),
      texts: 'apiKeys',
    },
  ],
  menu: [
    {
      kind: 'link',
      order: 60,
      icon: 'apiKeys',
      label: (t) => t('nav.apiKeys'),
      audience: 'admins',
      to: () => paths.apiKeys.list(),
    },
  ],
};
