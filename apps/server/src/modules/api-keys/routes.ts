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
        description:
          'Every API key of the consumer app with its name, the first characters of its secret, when it was made and last used, and whether it is revoked. The secrets themselves are never listed. Admins only.',
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
        description:
          'Makes a new API key for the consumer app. The answer holds its secret, the only time it is shown; the server keeps only a hash of it. Admins only.',
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
        description:
          'Revokes the key: from now on every call with it is answered 401, on every process of the server. The key stays listed as revoked. Admins only.',
        params: z.object({ id: ZUuid }),
        response: { 200: ZApiKeyList.shape.keys.element },
      },
    },
    async (request) => apiKeys.revoke(await currentUser(request), request.params.id),
  );
};
