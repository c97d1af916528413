/** Merchant endpoints of the merchant API (spec §7 "Merchants"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZMerchantListQuery, ZMerchantListResponse, buildPager } from '@backoffice/domain';
import { currentUser } from '../users/current-user.js';
import { listMerchantsForUser } from './access.js';

export const merchantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/merchants',
    {
      schema: {
        tags: ['merchants'],
        summary: 'The merchants the caller may act for, paged and filtered by name',
        querystring: ZMerchantListQuery,
        response: { 200: ZMerchantListResponse },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      const { page, filter } = request.query;
      const result = await listMerchantsForUser(db, user, { page, filter });
      return { rows: result.rows, pager: buildPager(page, result.total) };
    },
  );
};
