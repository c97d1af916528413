/**
 * Site search over the campaigns and merchants the caller may see, and the
 * tag list of tip campaigns (spec §7 "Tags and search").
 */
import { and, asc, eq, ilike, ne, or, sql } from 'drizzle-orm';
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
import { accounts, campaigns, merchants, tags } from '../../db/schema.js';
import { forbidden } from '../../http/errors.js';
import { currentUser } from '../users/current-user.js';

const HIT_LIMIT = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

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
      const byUuid = UUID.test(q);
      const pattern = `%${escapeLike(q)}%`;
      // Merchants the user may act for; admins see all.
      const visibleMerchant =
        user.level === 'admin'
          ? undefined
          : sql`${merchants.id} in (select ${accounts.merchantId} from ${accounts} where ${accounts.userId} = ${user.id} and ${accounts.pendingInvitation} = false)`;
      const merchantRows = await db
        .select()
        .from(merchants)
        .where(
          and(
            visibleMerchant,
            byUuid
              ? eq(merchants.id, q)
              : or(ilike(merchants.name, pattern), ilike(merchants.brandName, pattern)),
          ),
        )
        .orderBy(asc(merchants.name))
        .limit(HIT_LIMIT);
      const campaignRows = await db
        .select({
          campaign: campaigns,
          merchantName: merchants.name,
          brandName: merchants.brandName,
        })
        .from(campaigns)
        .innerJoin(merchants, eq(merchants.id, campaigns.merchantId))
        .where(
          and(
            visibleMerchant,
            ne(campaigns.status, 'deleted'),
            canUseTips(user) ? undefined : sql`${campaigns.type} not like 'tip/%'`,
            byUuid ? eq(campaigns.id, q) : ilike(sql`${campaigns.title}::text`, pattern),
          ),
        )
        .orderBy(sql`${campaigns.modifiedAt} desc`)
        .limit(HIT_LIMIT);
      const now = new Date();
      const hits: TSiteSearchHit[] = [
        ...campaignRows.map(({ campaign, merchantName, brandName }) => ({
          type: campaign.type,
          label: campaign.title[user.locale] ?? campaign.title.de ?? campaign.id,
          ident: campaign.id,
          merchantIdent: campaign.merchantId,
          by_uuid: byUuid,
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
          by_uuid: byUuid,
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
      const rows = await db
        .select({ name: tags.name })
        .from(tags)
        .where(request.query.q ? ilike(tags.name, `${escapeLike(request.query.q)}%`) : undefined)
        .orderBy(asc(tags.name))
        .limit(20);
      return { tags: rows.map((row) => row.name) };
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
      await db.insert(tags).values({ name }).onConflictDoNothing();
      return { name };
    },
  );
};
