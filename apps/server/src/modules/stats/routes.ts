/**
 * The dashboard and the participation chart of a merchant (docs/product.md#api-calls
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
import type { StatsService } from './service.js';

const NEED = { role: 'manage-campaigns' } as const;

/** What the statistics routes get: the service (services.ts). */
export interface StatsRoutesOptions {
  stats: StatsService;
}

export const statsRoutes: FastifyPluginAsyncZod<StatsRoutesOptions> = async (app, { stats }) => {
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
      const caller = await currentUserWithMerchantAccess(request, request.params.id, NEED);
      return stats.dashboard(caller);
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
      const caller = await currentUserWithMerchantAccess(request, request.params.id, NEED);
      return stats.participation(caller, request.query);
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
      const caller = await currentUserWithMerchantAccess(request, request.params.id, NEED);
      return stats.campaigns(caller, request.query);
    },
  );
};
