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
