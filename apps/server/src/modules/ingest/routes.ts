/**
 * POST /api/ingest/events: the consumer app's participation data, with an API
 * key instead of a user's token (access/api-keys.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIngestBatch, ZIngestResponse } from '@backoffice/domain';
import { requireApiKey } from '../../access/api-keys.js';
import { ingestEvents } from './service.js';
import { bodyLimits } from '../../http/body-limits.js';

export const ingestRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  app.post(
    '/ingest/events',
    {
      // 1,000 events of the longest kind.
      bodyLimit: bodyLimits(ctx.config).ingestBatch,
      schema: {
        tags: ['ingest'],
        summary:
          'Consumer app: participations, views, handled wins and access-code uses, up to 1,000 events a request (API key)',
        security: [{ apiKey: [] }],
        body: ZIngestBatch,
        response: { 200: ZIngestResponse },
      },
      // Who sends is checked before the body is looked at.
      onRequest: async (request) => {
        await requireApiKey(ctx.db, request);
      },
    },
    async (request) => ingestEvents(ctx, request.body.events),
  );
};
