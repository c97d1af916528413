/** The user's signed-in devices. */
import { routePatterns } from '../../shared/paths';
import type { FeatureRoutes } from '../../shared/routing/feature-routes';

export const featureRoutes: FeatureRoutes = {
  shell: [
    {
      path: routePatterns.devices.slice(1),
      id: 'devices',
      page: () => import('./pages/devices-page'),
      texts: 'devices',
    },
  ],
};
