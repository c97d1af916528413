/** The background jobs' queues and failures, for administrators. */
import { paths, routePatterns } from '../../shared/paths';
import type { FeatureRoutes } from '../../shared/routing/feature-routes';

export const featureRoutes: FeatureRoutes = {
  shell: [
    {
      path: routePatterns.backgroundJobs.slice(1),
      id: 'background-jobs',
      guard: 'requireAdmin',
      page: () => import('./pages/background-jobs-page'),
      texts: 'backgroundJobs',
    },
  ],
  menu: [
    {
      kind: 'link',
      order: 70,
      icon: 'backgroundJobs',
      label: (t) => t('nav.backgroundJobs'),
      audience: 'admins',
      to: () => paths.backgroundJobs.list(),
    },
  ],
};
