/** Session bootstrap and logout of the web app (spec §7 "Auth and session"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZInitUserResponse,
  ZLinkedWithAccountResponse,
  ZMerchantIdParams,
  merchantSearchType,
} from '@backoffice/domain';
import { claimsOf } from '../../http/authenticate.js';
import { findMerchantAccess } from '../../access/merchant-access.js';
import { listMerchantsForUser, merchantSummary } from '../../access/merchant-list.js';
import { endSession } from '../../identity/sessions.js';
import { currentUser } from '../users/current-user.js';
import { bindExternalUser } from '../users/queries.js';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.post(
    '/init-user',
    {
      schema: {
        tags: ['session'],
        summary:
          'Return user and merchant info; binds an external provider’s user on the first visit (by a verified email)',
        response: { 200: ZInitUserResponse },
      },
    },
    async (request) => {
      const claims = claimsOf(request);
      const user = request.user ?? (await bindExternalUser(db, claims));
      const firstPage = await listMerchantsForUser(db, user, { page: 1 });
      return {
        user: {
          email: user.email,
          locale: user.locale,
          level: user.level,
          token: { sub: claims.sub, iss: claims.iss, exp: claims.exp },
        },
        merchantinfo: {
          searchtype: merchantSearchType(firstPage.total),
          merchants: firstPage.rows,
          total: firstPage.total,
        },
      };
    },
  );

  app.get(
    '/merchants/:id/linked-with-account',
    {
      schema: {
        tags: ['session'],
        summary: 'Whether the caller may act for the merchant',
        params: ZMerchantIdParams,
        response: { 200: ZLinkedWithAccountResponse },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      const access = await findMerchantAccess(db, user, request.params.id);
      return access
        ? { allowed: true, merchant: merchantSummary(access.merchant, access.roles) }
        : { allowed: false };
    },
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
    async (request) => {
      const { sid } = claimsOf(request);
      if (sid === undefined) return { ended: false };
      await endSession(db, sid);
      return { ended: true };
    },
  );
};
