/** Webhooks (docs/product.md#webhooks): a merchant's endpoints, the admins' own, and one endpoint's page. */
import { paths, routePatterns } from '../../shared/paths';
import type { FeatureRoutes } from '../../shared/routing/feature-routes';

export const featureRoutes: FeatureRoutes = {
  shell: [
    {
      path: routePatterns.merchantWebhooks.slice(1),
      id: 'merchant-webhooks',
      guard: { merchantScreen: 'webhooks' },
      page: () => import('./pages/merchant-webhooks-page'),
      texts: 'webhooks',
    },
    {
      path: routePatterns.merchantWebhook.slice(1),
      id: 'merchant-webhook',
      guard: { merchantScreen: 'webhooks' },
      page: () => import('./pages/webhook-page'),
      texts: 'webhooks',
    },
    {
      path: routePatterns.adminWebhooks.slice(1),
      id: 'admin-webhooks',
      guard: 'requireAdmin',
      page: () => import('./pages/admin-webhooks-page'),
      texts: 'webhooks',
    },
    {
      path: routePatterns.adminWebhook.slice(1),
      id: 'admin-webhook',
      guard: 'requireAdmin',
      page: () => import('./pages/webhook-page'),
      texts: 'webhooks',
    },
  ],
  menu: [
    {
      kind: 'link',
      order: 65,
      icon: 'webhooks',
      label: (t) => t('nav.webhooks'),
      audience: 'admins',
      to: () => paths.adminWebhooks.list(),
      prefix: () => paths.adminWebhooks.list(),
    },
  ],
};
