/** Tokens for integrators (docs/product.md#tokens-for-integrators): a merchant's API-Zugänge. */
import { routePatterns } from '../../shared/paths';
import type { FeatureRoutes } from '../../shared/routing/feature-routes';

export const featureRoutes: FeatureRoutes = {
  shell: [
    {
      path: routePatterns.merchantApiTokens.slice(1),
      id: 'merchant-api-tokens',
      guard: { merchantScreen: 'apiTokens' },
      page: () => import('./pages/merchant-api-tokens-page'),
      texts: 'apiTokens',
    },
  ],
};
