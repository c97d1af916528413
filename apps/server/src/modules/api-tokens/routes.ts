/**
 * Tokens for integrators of the merchant API (docs/product.md#tokens-for-integrators):
 * a merchant's under /merchants/:id/api-tokens (role manage-accounts),
 * and revoking one by its id.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApiTokenCreateBody,
  ZApiTokenCreated,
  ZApiTokenList,
  ZApiTokenParams,
  ZMerchantIdParams,
} from '@backoffice/domain';
import { currentUser } from '../../platform/identity/current-user.js';
import { sealIdempotentAnswer } from '../../platform/idempotency/idempotency.js';
import type { ApiTokenService } from './service.js';

const tags = ['api-tokens'];

const WHO =
  'Needs the role manage-accounts for the merchant (its managers, linked agencies, admins); an integrator token may not manage tokens (403).';

/** What the token routes get. */
export interface ApiTokenRoutesOptions {
  apiTokens: ApiTokenService;
}

export const apiTokenRoutes: FastifyPluginAsyncZod<ApiTokenRoutesOptions> = async (
  app,
  { apiTokens },
) => {
  app.get(
    '/merchants/:id/api-tokens',
    {
      schema: {
        tags,
        summary: 'The merchant’s tokens for integrators',
        description: `Newest first, revoked and expired ones included; secrets are never listed. ${WHO}`,
        params: ZMerchantIdParams,
        response: { 200: ZApiTokenList },
      },
    },
    async (request) => apiTokens.list(await currentUser(request), request.params.id),
  );

  app.post(
    '/merchants/:id/api-tokens',
    {
      schema: {
        tags,
        summary: 'Creates a token for integrators; its secret is in this answer only',
        description: `The token acts for this merchant alone, with the roles given (each one the caller holds for the merchant, else 403) and \`read\` (GET and HEAD only) or \`write\` access, until \`expiresAt\` (at most a year ahead) or its revocation. Callers send it as \`Authorization: Bearer cbt_…\`. At most 20 live tokens per merchant (409 \`api_token_limit_reached\`). ${WHO}`,
        params: ZMerchantIdParams,
        body: ZApiTokenCreateBody,
        response: { 201: ZApiTokenCreated },
      },
    },
    async (request, reply) => {
      const created = await apiTokens.create(
        await currentUser(request),
        request.params.id,
        request.body,
      );
      // A retry with the same Idempotency-Key gets the secret again: kept encrypted until then.
      sealIdempotentAnswer(request);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/api-tokens/:id',
    {
      schema: {
        tags,
        summary: 'Revokes a token for integrators, at once on every server process',
        description: `The token answers 401 from now on; it stays in the list as revoked. Revoking a revoked token changes nothing. ${WHO}`,
        params: ZApiTokenParams,
        response: { 204: z.null().describe('Revoked') },
      },
    },
    async (request, reply) => {
      await apiTokens.revoke(await currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
