/** Liveness, readiness and the web app's runtime configuration. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZRuntimeConfig, currencyForLocale, type TRuntimeConfig } from '@backoffice/domain';
import { geocodeLimitMs, type Config } from '../../platform/config/config.js';

export function runtimeConfig(config: Config): TRuntimeConfig {
  const { web, identity } = config;
  return {
    appName: web.appName,
    apiUrl: '/api',
    authApiUrl: '',
    oauth: {
      flow: web.flow,
      authorizeUrl: web.authorizeUrl,
      tokenUrl: web.tokenUrl,
      // The built-in provider's; an external provider's tokens are let go of by forgetting them.
      revocationUrl: identity.jwksUrl ? '' : `${config.publicUrl}/identity/revoke`,
      clientId: identity.clientId,
      redirectUri: '',
      scope: web.scope,
      loginHint: web.loginHint,
      realm: identity.realm,
    },
    mapsKey: web.mapsKey,
    currency: currencyForLocale(web.locale),
    locale: web.locale,
    timeZone: web.timeZone,
    availableLocales: web.availableLocales,
    urls: { winnerApp: web.winnerAppUrl, adminApp: web.adminAppUrl, frontend: web.frontendUrl },
    tokenRefreshLeewaySeconds: web.tokenRefreshLeewaySeconds,
    geocodeLimitMs: geocodeLimitMs(config),
  };
}

const ZStatus = z.object({ status: z.string() });

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.ctx;
  const clientConfig = runtimeConfig(config);
  const tags = ['system'];

  app.get(
    '/health',
    {
      schema: {
        tags,
        summary: 'Liveness: the process answers',
        security: [],
        response: { 200: ZStatus },
      },
    },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags,
        summary: 'Readiness: the database answers (503 while it does not)',
        security: [],
        response: { 200: ZStatus, 503: ZStatus },
      },
    },
    async (request, reply) => {
      const ok = await database.ping().catch((error: unknown) => {
        request.log.warn({ err: error }, 'database not ready');
        return false;
      });
      return ok ? { status: 'ready' } : reply.status(503).send({ status: 'unavailable' });
    },
  );

  app.get(
    '/config.json',
    {
      schema: {
        tags,
        summary: 'The web app’s runtime configuration, read before it renders',
        security: [],
        response: { 200: ZRuntimeConfig },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return clientConfig;
    },
  );
};
