/**
 * The integrator tokens module (docs/product.md#tokens-for-integrators): its
 * routes and service, for the composition (services.ts, app.ts). Requests
 * made with a token are authenticated by platform/access/api-tokens.ts.
 */
export { apiTokenRoutes, type ApiTokenRoutesOptions } from './routes.js';
export { createApiTokenService } from './service.js';
