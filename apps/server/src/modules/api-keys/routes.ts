/** Admins create, list and revoke the API keys the consumer app sends participation data with. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiKeyCreateBody, ZApiKeyCreated, ZApiKeyList, ZUuid } from '@backoffice/domain';
import { z } from 'zod';
import { currentUser } from '../../platform/identity/current-user.js';
import type { ApiKeyService } from './service.js';

export const apiKeyRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeyService }> = async (
  app,
  { apiKeys },
) => {
  const tags = ['api-keys'];

  app.get(
    '/admin/api-keys',
    {
      schema: {
        tags,
        summary: 'Admins: the API keys of the consumer app',
        response: { 200: ZApiKeyList },
      },
    },
    async (request) => apiKeys.list(await currentUser(request)),
  );

  app.post(
    '/admin/api-keys',
    {
      schema: {
        tags,
        summary: 'Admins: creates an API key; its secret is in this answer only',
        body: ZApiKeyCreateBody,
        response: { 200: ZApiKeyCreated },
      },
    },
    async (request) => apiKeys.create(await currentUser(request), request.body.name),
  );

  app.delete(
    '/admin/api-keys/:id',
    {
      schema: {
        tags,
        summary: 'Admins: revokes an API key (at once, for every server process)',
        params: z.object({ id: ZUuid }),
        response: { 200: ZApiKeyList.shape.keys.element },
      },
    },
    async (request) => apiKeys.revoke(await currentUser(request), request.params.id),
  );
};
