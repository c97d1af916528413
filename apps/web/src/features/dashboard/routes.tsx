/** The dashboard: the shell's start page, first in the side menu. */
import type { FeatureRoutes } from '../../shared/routing/feature-routes';
import { paths } from '../../shared/paths';

export const featureRoutes: FeatureRoutes = {
  shell: [
    {
      index: true,
      id: 'dashboard',
      page: () => import('./pages/dashboard-page'),
      texts: 'dashboard',
    },
  ],
  menu: [
    {
      kind: 'link',
      order: 10,
      icon: 'dashboard',
      label: (t) => t('nav.dashboard'),
      audience: 'everyone',
      to: () => paths.dashboard(),
    },
  ],
};
