/** The access-code sets: list, edit, code usage. */
import { paths, routePatterns } from '../../shared/paths';
import type { FeatureRoutes } from '../../shared/routing/feature-routes';
import { NotFoundPage } from '../../shared/ui/not-found-page';

export const featureRoutes: FeatureRoutes = {
  shell: [
    {
      path: routePatterns.accessCodeSets.slice(1),
      id: 'access-code-sets',
      guard: 'requireAccessCodeSets',
      children: [
        {
          index: true,
          id: 'access-code-set-list',
          page: () => import('./pages/access-code-set-list-page'),
          texts: 'accessCodeSets',
        },
        {
          path: ':id',
          id: 'access-code-set-edit',
          page: () => import('./pages/access-code-set-edit-page'),
          texts: 'accessCodeSets',
        },
        {
          path: ':ident/code-usage',
          id: 'access-code-set-code-usage',
          page: () => import('./pages/code-usage-page'),
          texts: 'accessCodeSets',
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ],
  menu: [
    {
      kind: 'link',
      order: 50,
      icon: 'accessCodeSets',
      label: (t) => t('nav.accessCodeSets'),
      audience: 'admins',
      to: () => paths.accessCodeSets.list(),
      prefix: () => paths.accessCodeSets.list(),
    },
  ],
};
