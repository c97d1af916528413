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
  canUseTips,
  type TStatsResponse,
} from '@backoffice/domain';
import { localDay } from '../../calendar.js';
import { badRequest } from '../../http/errors.js';
import { currentUserWithMerchantAccess } from '../users/current-user.js';
import {
  bucketStarts,
  campaignCounts,
  campaignsInRange,
  campaignsOfMerchant,
  openWins,
  participationSeries,
  rangeEnd,
  userCounts,
  usersKids,
} from './queries.js';

const NEED = { role: 'manage-campaigns' } as const;

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const { db } = ctx;
  const tags = ['statistics'];
  const today = () => localDay(new Date(), ctx.config.web.timeZone);

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
      const { access } = await currentUserWithMerchantAccess(request, request.params.id, NEED);
      const merchantId = access.merchant.id;
      const [campaigns, users, wins] = await Promise.all([
        campaignCounts(db, merchantId),
        userCounts(db, merchantId, today()),
        openWins(db, merchantId),
      ]);
      return {
        campaigns,
        users,
        todo_wins: { count: wins, winner_app_url: ctx.config.web.winnerAppUrl },
      };
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
    async (request): Promise<TStatsResponse> => {
      const { user, access } = await currentUserWithMerchantAccess(
        request,
        request.params.id,
        NEED,
      );
      const merchantId = access.merchant.id;
      const query = request.query;
      const ids = [...new Set(query.campaigns ?? [])];
      const chosen = await campaignsOfMerchant(db, merchantId, ids);
      // Another merchant's campaign is not told apart from none.
      if (chosen.length !== ids.length) throw badRequest('invalid_value', 'campaigns');
      if (!canUseTips(user) && chosen.some((campaign) => campaign.type.startsWith('tip/')))
        throw badRequest('invalid_value', 'campaigns');
      const labels = await bucketStarts(db, query.timerange, query.start, query.count);
      const from = labels[0] ?? query.start;
      const until = rangeEnd(query.timerange, labels[labels.length - 1] ?? from);
      const distinct = query.distinct === 'participations';
      const [values, kids] = await Promise.all([
        participationSeries(db, {
          merchantId,
          campaignIds: ids,
          range: query.timerange,
          from,
          until,
          distinct,
        }),
        usersKids(db, { merchantId, campaignIds: ids, from, until, today: today() }),
      ]);
      const seriesOf = (key: string | null) =>
        labels.map(
          (label) =>
            values.find((value) => value.bucket === label && value.key === key)?.value ?? 0,
        );
      const series =
        ids.length > 0
          ? ids.map((id) => {
              const campaign = chosen.find((candidate) => candidate.id === id);
              const title = campaign?.title[user.locale] ?? campaign?.title.de ?? id;
              return { name: title, campaign: id, values: seriesOf(id) };
            })
          : [{ name: access.merchant.name, campaign: null, values: seriesOf(null) }];
      return { participations: { labels, series }, users_kids: kids };
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
      const query = request.query;
      const labels = await bucketStarts(db, query.timerange, query.start, query.count);
      const from = labels[0] ?? query.start;
      const until = rangeEnd(query.timerange, labels[labels.length - 1] ?? from);
      const rows = await campaignsInRange(db, access.merchant.id, from, until, canUseTips(user));
      return {
        campaigns: rows.map((row) => ({
          id: row.id,
          title: row.title,
          valid_until: row.validUntil?.toISOString() ?? null,
        })),
      };
    },
  );
};
