/** The sign-in pages outside the shell: login, the identity provider's postback, logout. */
import { routePatterns } from '../../shared/paths';
import type { FeatureRoutes } from '../../shared/routing/feature-routes';

export const featureRoutes: FeatureRoutes = {
  public: [
    { path: routePatterns.oauthLogin, id: 'oauth-login', page: () => import('./pages/login-page') },
    {
      path: routePatterns.oauthPostback,
      id: 'oauth-postback',
      page: () => import('./pages/postback-route'),
    },
    {
      path: routePatterns.oauthLogout,
      id: 'oauth-logout',
      page: () => import('./pages/logout-route'),
    },
  ],
};
