/** The user's own account: two-factor sign-in (the password dialog opens from the user menu). */
import { routePatterns } from '../../shared/paths';
import type { FeatureRoutes } from '../../shared/routing/feature-routes';

export const featureRoutes: FeatureRoutes = {
  shell: [
    {
      path: routePatterns.twoFactor.slice(1),
      id: 'two-factor',
      page: () => import('./pages/two-factor-page'),
      texts: 'twoFactor',
    },
  ],
};
