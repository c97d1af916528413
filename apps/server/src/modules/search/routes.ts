/**
 * Site search over the campaigns and merchants the caller may see, and the
 * tag list of tip campaigns (spec §7 "Tags and search").
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZSiteSearchQuery,
  ZSiteSearchResponse,
  ZTagCreateBody,
  ZTagCreateResponse,
  ZTagsQuery,
  ZTagsResponse,
  campaignPhase,
  canUseTips,
  type TSiteSearchHit,
} from '@backoffice/domain';
import { forbidden } from '../../http/errors.js';
import { currentUser } from '../users/current-user.js';
import { addTag, searchCampaigns, searchMerchants, tagsStartingWith } from './queries.js';

const HIT_LIMIT = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TAG_LIMIT = 20;

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/ac/site-search',
    {
      schema: {
        tags: ['search'],
        summary: 'Campaigns and merchants matching a text or an id',
        querystring: ZSiteSearchQuery,
        response: { 200: ZSiteSearchResponse },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      const q = request.query.q;
      const byId = UUID.test(q);
      const [campaignRows, merchantRows] = await Promise.all([
        searchCampaigns(db, user, { text: q, byId, includeTips: canUseTips(user) }, HIT_LIMIT),
        searchMerchants(db, user, { text: q, byId }, HIT_LIMIT),
      ]);
      const now = new Date();
      const hits: TSiteSearchHit[] = [
        ...campaignRows.map(({ campaign, merchantName, brandName }) => ({
          type: campaign.type,
          label: campaign.title[user.locale] ?? campaign.title.de ?? campaign.id,
          ident: campaign.id,
          merchantIdent: campaign.merchantId,
          by_uuid: byId,
          more: {
            phase: campaignPhase(campaign.status, campaign.validFrom, campaign.validUntil, now),
            merchant: merchantName,
            valid_from: campaign.validFrom?.toISOString() ?? null,
            valid_until: campaign.validUntil?.toISOString() ?? null,
            current_status: campaign.status,
            brand_name: brandName,
          },
        })),
        ...merchantRows.map((merchant) => ({
          type: 'merchant' as const,
          label: merchant.name,
          ident: merchant.id,
          merchantIdent: merchant.id,
          by_uuid: byId,
          more: {
            phase: null,
            merchant: merchant.name,
            valid_from: null,
            valid_until: null,
            current_status: null,
            brand_name: merchant.brandName,
          },
        })),
      ];
      return { hits: hits.slice(0, HIT_LIMIT) };
    },
  );

  app.get(
    '/ac/tags',
    {
      schema: {
        tags: ['search'],
        summary: 'Tags starting with a text, for autocompletion',
        querystring: ZTagsQuery,
        response: { 200: ZTagsResponse },
      },
    },
    async (request) => {
      await currentUser(request);
      return { tags: await tagsStartingWith(db, request.query.q, TAG_LIMIT) };
    },
  );

  app.post(
    '/tags',
    {
      schema: {
        tags: ['search'],
        summary: 'Adds a tag (tips are for admins and agencies)',
        body: ZTagCreateBody,
        response: { 200: ZTagCreateResponse },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      if (!canUseTips(user)) throw forbidden();
      const name = request.body.name.toLowerCase();
      await addTag(db, name);
      return { name };
    },
  );
};
