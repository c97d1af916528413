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
      // The session check reads the caller's access to the merchant too.
      config: { merchantAccessFrom: { params: 'id' } },
      schema: {
        tags,
        summary: 'Campaign counts and prize totals, participant and view counts, open wins',
        description:
          'The figures of the dashboard ("Übersicht") of a merchant: its campaigns by status, the value of the prizes and coupons, participants and views, and the wins not handled yet. Needs the role manage-campaigns for the merchant.',
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
      // The session check reads the caller's access to the merchant too.
      config: { merchantAccessFrom: { params: 'id' } },
      schema: {
        tags,
        summary:
          'Participations per week, month or year (of up to 9 campaigns), and kid statistics',
        description:
          'The statistics chart of a merchant: participations per week, month or year over the chosen range, for all campaigns or up to nine chosen ones, and the kid statistics of the participants (gender and age of their kids). Needs the role manage-campaigns for the merchant.',
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
      // The session check reads the caller's access to the merchant too.
      config: { merchantAccessFrom: { params: 'id' } },
      schema: {
        tags,
        summary: 'The campaigns running in the chart range, by end date',
        description:
          'The campaigns of the merchant that run within the chart range, ordered by their end date: the choice of campaigns of the statistics chart. Needs the role manage-campaigns for the merchant.',
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
