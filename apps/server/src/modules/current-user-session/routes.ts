/** Session bootstrap and logout of the web app (docs/product.md#api-calls "Auth and session"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZInitUserResponse,
  ZLinkedWithAccountResponse,
  ZMerchantIdParams,
} from '@backoffice/domain';
import { currentUser } from '../../platform/identity/current-user.js';
import { claimsOf } from '../../platform/identity/authenticate.js';
import type { CurrentUserSessionService } from './service.js';

export const currentUserSessionRoutes: FastifyPluginAsyncZod<{
  session: CurrentUserSessionService;
}> = async (app, { session }) => {
  app.post(
    '/init-user',
    {
      schema: {
        tags: ['session'],
        summary:
          'Return user and merchant info; binds an external provider’s user on the first visit (by a verified email)',
        description:
          'The first call of the web app after sign-in: the caller’s user (name, level, e-mail) and the merchants they may act for. A user of an external provider is bound on the first visit to the user here with the same verified e-mail.',
        response: { 200: ZInitUserResponse },
      },
    },
    async (request) => session.initUser(request.user, claimsOf(request)),
  );

  app.get(
    '/merchants/:id/linked-with-account',
    {
      schema: {
        tags: ['session'],
        summary: 'Whether the caller may act for the merchant',
        description:
          'Whether the caller has an account of the merchant (or acts for every merchant as an admin), and so may choose it as the current merchant.',
        params: ZMerchantIdParams,
        response: { 200: ZLinkedWithAccountResponse },
      },
    },
    async (request) => session.linkedWithAccount(await currentUser(request), request.params.id),
  );

  app.post(
    '/session/logout',
    {
      schema: {
        tags: ['session'],
        summary:
          'Ends the caller’s session: the token and every token renewed from it stop working',
        description:
          'Tokens of an external provider (OAUTH_JWKS_URL) have no session here: ended is false and they stay valid until they expire.',
        response: { 200: z.object({ ended: z.boolean() }) },
      },
    },
    async (request) => session.logout(claimsOf(request).sid),
  );
};
