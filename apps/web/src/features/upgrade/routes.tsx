/** The upgrade notice, where screens a merchant's level does not open lead. */
import { routePatterns } from '../../shared/paths';
import type { FeatureRoutes } from '../../shared/routing/feature-routes';

export const featureRoutes: FeatureRoutes = {
  shell: [
    {
      path: routePatterns.pleaseUpgrade.slice(1),
      id: 'please-upgrade',
      page: () => import('./pages/please-upgrade-page'),
      texts: 'upgrade',
    },
  ],
};
