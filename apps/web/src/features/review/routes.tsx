/** The administrators' review queue. */
import { paths, routePatterns } from '../../shared/paths';
import type { FeatureRoutes } from '../../shared/routing/feature-routes';

export const featureRoutes: FeatureRoutes = {
  shell: [
    {
      path: routePatterns.reviewQueue.slice(1),
      id: 'review-queue',
      guard: 'requireAdmin',
      page: () => import('./pages/review-queue-page'),
      texts: 'review',
    },
  ],
  menu: [
    {
      kind: 'link',
      order: 80,
      icon: 'review',
      label: (t) => t('review.title'),
      audience: 'admins',
      to: () => paths.review.queue(),
    },
  ],
};
