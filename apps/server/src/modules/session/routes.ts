/** Session bootstrap of the web app (spec §7 "Auth and session"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZInitUserResponse,
  ZLinkedWithAccountResponse,
  ZMerchantIdParams,
  merchantSearchType,
} from '@backoffice/domain';
import { claimsOf } from '../../http/authenticate.js';
import { findMerchantAccess } from '../../access/merchant-access.js';
import { listMerchantsForUser, merchantSummary } from '../../access/merchant-list.js';
import { currentUser } from '../users/current-user.js';
import { upsertUserFromToken } from '../users/queries.js';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.post(
    '/init-user',
    {
      schema: {
        tags: ['session'],
        summary: 'Create or update the caller from the token; return user and merchant info',
        response: { 200: ZInitUserResponse },
      },
    },
    async (request) => {
      const claims = claimsOf(request);
      const user = await upsertUserFromToken(db, claims);
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
};
