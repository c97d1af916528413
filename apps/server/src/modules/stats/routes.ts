/**
 * The dashboard and the participation chart of a merchant (spec §7
 * `dashboard`, `stats`, `stats/campaigns`): for users who may manage the
 * merchant's campaigns, read from the rollups kept at ingest.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZDashboardResponse,
  ZMerchantIdParams,
  ZStatsCampaignsResponse,
  ZStatsQuery,
  ZStatsRangeQuery,
  ZStatsResponse,
} from '@backoffice/domain';
import { currentUserWithMerchantAccess } from '../../platform/identity/current-user.js';
import { dashboard, participationStats, statsCampaigns } from './service.js';

const NEED = { role: 'manage-campaigns' } as const;

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['statistics'];

  app.get(
    '/merchants/:id/dashboard',
    {
      schema: {
        tags,
        summary: 'Campaign counts and prize totals, participant and view counts, open wins',
        params: ZMerchantIdParams,
        response: { 200: ZDashboardResponse },
      },
    },
    async (request) => {
      const { user, access } = await currentUserWithMerchantAccess(
        request,
        request.params.id,
        NEED,
      );
      return dashboard(ctx, user, access);
    },
  );

  app.get(
    '/merchants/:id/stats',
    {
      schema: {
        tags,
        summary:
          'Participations per week, month or year (of up to 9 campaigns), and kid statistics',
        params: ZMerchantIdParams,
        querystring: ZStatsQuery,
        response: { 200: ZStatsResponse },
      },
    },
    async (request) => {
      const { user, access } = await currentUserWithMerchantAccess(
        request,
        request.params.id,
        NEED,
      );
      return participationStats(ctx, user, access, request.query);
    },
  );

  app.get(
    '/merchants/:id/stats/campaigns',
    {
      schema: {
        tags,
        summary: 'The campaigns running in the chart range, by end date',
        params: ZMerchantIdParams,
        querystring: ZStatsRangeQuery,
        response: { 200: ZStatsCampaignsResponse },
      },
    },
    async (request) => {
      const { user, access } = await currentUserWithMerchantAccess(
        request,
        request.params.id,
        NEED,
      );
      return statsCampaigns(ctx, user, access, request.query);
    },
  );
};
