/** Liveness, readiness and the web app's runtime configuration. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZRuntimeConfig } from '@backoffice/domain';
import type { SystemService } from './service.js';

const ZStatus = z.object({ status: z.string() });

export const systemRoutes: FastifyPluginAsyncZod<{ system: SystemService }> = async (
  app,
  { system },
) => {
  const tags = ['system'];

  app.get(
    '/health',
    {
      schema: {
        tags,
        summary: 'Liveness: the process answers',
        description:
          'Liveness for load balancers and orchestrators: answers 200 while the process runs, without asking the database. Needs no token.',
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
        description:
          'Readiness for load balancers and orchestrators: 200 `ready` when the database answers, 503 `unavailable` while it does not. Needs no token.',
        security: [],
        response: { 200: ZStatus, 503: ZStatus },
      },
    },
    async (request, reply) => {
      const ok = await system.ping().catch((error: unknown) => {
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
        description:
          'What the web app needs before it renders: the API’s address, the OAuth2 provider and client of the sign-in, the addresses of the other apps and the settings of this installation. Needs no token.',
        security: [],
        response: { 200: ZRuntimeConfig },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return system.runtimeConfig();
    },
  );
};
