/** Campaign endpoints of the merchant API (docs/product.md#api-calls "Campaigns") and the admin review queue. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCampaignCreateBody,
  ZCampaignDeleteResponse,
  ZCampaignEnvelope,
  ZCampaignIdParams,
  ZCampaignLinkOptionsResponse,
  ZCampaignListQuery,
  ZCampaignListResponse,
  ZCampaignRejectBody,
  ZCampaignSaveBody,
  ZCampaignSaveQuery,
  ZFollowupsResponse,
  ZImageCropQuery,
  ZPageQuery,
  ZStatusHistoryResponse,
  ZToggleListableResponse,
  ZUuid,
  buildPager,
} from '@backoffice/domain';
import {
  currentUser,
  currentUserWithMerchantAccess,
} from '../../platform/identity/current-user.js';
import { campaignVisibility } from '../../platform/access/merchant-access.js';
import { cloneCampaign, createFollowup } from './clone.js';
import { checkImageUpload, removeCampaignImage, replaceCampaignImage } from './image.js';
import { linkOptions } from './links.js';
import { listCampaigns } from './queries.js';
import { reviewCampaign, reviewQueue } from './review.js';
import {
  createCampaign,
  deleteCampaign,
  envelopeOf,
  loadCampaign,
  listFollowups,
  saveCampaign,
  statusHistory,
  submitCampaign,
  toggleListable,
  unlinkFollowups,
} from './service.js';
import { toCampaignRow } from './view.js';
import { bodyLimits, uploadRoute } from '../../platform/http/body-limits.js';

export const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const { db } = ctx;
  const tags = ['campaigns'];

  app.get(
    '/campaigns',
    {
      schema: {
        tags,
        summary: 'Campaigns, filtered, ordered and paged',
        querystring: ZCampaignListQuery,
        response: { 200: ZCampaignListResponse },
      },
    },
    async (request) => {
      const query = request.query;
      const user = query.exact_merchant
        ? (
            await currentUserWithMerchantAccess(request, query.exact_merchant, {
              role: 'manage-campaigns',
            })
          ).user
        : await currentUser(request);
      const scope = {
        merchantId: query.exact_merchant,
        userId: user.level === 'admin' ? undefined : user.id,
        agency: user.level === 'agency',
        ...campaignVisibility(user),
      };
      const list = await listCampaigns(db, scope, query);
      return {
        rows: list.rows.map((record) => toCampaignRow(record, ctx.config.web.frontendUrl)),
        pager: buildPager(query.page, list.total, {
          hasNext: list.hasNext,
          estimated: list.totalIsEstimate,
        }),
      };
    },
  );

  app.post(
    '/campaigns',
    {
      schema: {
        tags,
        summary: 'Creates a campaign of a type for a merchant',
        body: ZCampaignCreateBody,
        response: { 200: ZCampaignEnvelope },
      },
    },
    async (request) => createCampaign(ctx, await currentUser(request), request.body),
  );

  app.get(
    '/campaigns/:id',
    {
      schema: {
        tags,
        summary: 'A campaign with its state',
        params: ZCampaignIdParams,
        response: { 200: ZCampaignEnvelope },
      },
    },
    async (request) => envelopeOf(ctx, db, await currentUser(request), request.params.id),
  );

  app.post(
    '/campaigns/:id',
    {
      // Every text of a campaign at its limit.
      bodyLimit: bodyLimits(ctx.config).campaignSave,
      schema: {
        tags,
        summary: 'Saves a campaign: one step (validate=step) or all',
        params: ZCampaignIdParams,
        querystring: ZCampaignSaveQuery,
        body: ZCampaignSaveBody,
        response: { 200: ZCampaignEnvelope },
      },
    },
    async (request) =>
      saveCampaign(
        ctx,
        await currentUser(request),
        request.params.id,
        request.body,
        request.query.validate,
      ),
  );

  app.post(
    '/campaigns/:id/image',
    {
      ...uploadRoute(ctx.config.files.imageMaxBytes, 'image_too_large'),
      schema: {
        tags,
        summary: 'Uploads the campaign image (multipart field upload), cropped to 620×413',
        params: ZCampaignIdParams,
        querystring: ZImageCropQuery,
        response: { 200: ZCampaignEnvelope },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      // Who asks is checked before the upload is read.
      const access = await checkImageUpload(ctx, user, request.params.id);
      const { crop_x, crop_y, crop_width, crop_height } = request.query;
      const crop =
        crop_x !== undefined &&
        crop_y !== undefined &&
        crop_width !== undefined &&
        crop_height !== undefined
          ? { left: crop_x, top: crop_y, width: crop_width, height: crop_height }
          : undefined;
      return replaceCampaignImage(ctx, user, access, request.params.id, request, crop);
    },
  );

  app.delete(
    '/campaigns/:id/image',
    {
      schema: {
        tags,
        summary: 'Removes the campaign image',
        params: ZCampaignIdParams,
        response: { 200: ZCampaignEnvelope },
      },
    },
    async (request) => removeCampaignImage(ctx, await currentUser(request), request.params.id),
  );

  app.post(
    '/campaigns/:id/submit',
    {
      schema: {
        tags,
        summary: 'Submits a campaign without errors',
        params: ZCampaignIdParams,
        response: { 200: ZCampaignEnvelope },
      },
    },
    async (request) => submitCampaign(ctx, await currentUser(request), request.params.id),
  );

  app.post(
    '/campaigns/:id/clone',
    {
      schema: {
        tags,
        summary: 'Copies a campaign (merchant level 1)',
        params: ZCampaignIdParams,
        response: { 200: ZCampaignEnvelope },
      },
    },
    async (request) => cloneCampaign(ctx, await currentUser(request), request.params.id),
  );

  app.post(
    '/campaigns/:id/toggle-listable',
    {
      schema: {
        tags,
        summary: 'Hides or shows a campaign in app lists (merchant level 1)',
        params: ZCampaignIdParams,
        response: { 200: ZToggleListableResponse },
      },
    },
    async (request) => toggleListable(ctx, await currentUser(request), request.params.id),
  );

  app.delete(
    '/campaigns/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a campaign unless people took part',
        params: ZCampaignIdParams,
        response: { 200: ZCampaignDeleteResponse },
      },
    },
    async (request) => deleteCampaign(ctx, await currentUser(request), request.params.id),
  );

  app.get(
    '/campaigns/:id/status-history',
    {
      schema: {
        tags,
        summary: 'Every status change of a campaign',
        params: ZCampaignIdParams,
        response: { 200: ZStatusHistoryResponse },
      },
    },
    async (request) => statusHistory(ctx, await currentUser(request), request.params.id),
  );

  app.get(
    '/campaigns/:id/link-options',
    {
      schema: {
        tags,
        summary: 'Campaigns that may be chosen as co-participation targets or coreg exclusions',
        operationId: 'listCampaignLinkOptions',
        params: ZCampaignIdParams,
        response: { 200: ZCampaignLinkOptionsResponse },
      },
    },
    async (request) => {
      const user = await currentUser(request);
      const { record } = await loadCampaign(db, user, request.params.id);
      return linkOptions(ctx, user, record.campaign);
    },
  );

  app.get(
    '/campaigns/:id/followups',
    {
      schema: {
        tags,
        summary: 'The follow-up campaigns of a campaign',
        params: ZCampaignIdParams,
        response: { 200: ZFollowupsResponse },
      },
    },
    async (request) => listFollowups(ctx, await currentUser(request), request.params.id),
  );

  app.delete(
    '/campaigns/:id/followups',
    {
      schema: {
        tags,
        summary: 'Unlinks one follow-up (ident) or all from a campaign',
        params: ZCampaignIdParams,
        querystring: z.object({ ident: ZUuid.optional() }),
        response: { 200: ZFollowupsResponse },
      },
    },
    async (request) =>
      unlinkFollowups(ctx, await currentUser(request), request.params.id, request.query.ident),
  );

  app.post(
    '/campaigns/:id/create-followup',
    {
      schema: {
        tags,
        summary: 'Creates a follow-up campaign linked to this one',
        params: ZCampaignIdParams,
        response: { 200: ZCampaignEnvelope },
      },
    },
    async (request) => createFollowup(ctx, await currentUser(request), request.params.id),
  );

  const reviewTags = ['review'];
  app.get(
    '/review/campaigns',
    {
      schema: {
        tags: reviewTags,
        summary: 'Admins: submitted campaigns and those in review',
        querystring: z.object({ page: ZPageQuery }),
        response: { 200: ZCampaignListResponse },
      },
    },
    async (request) => reviewQueue(ctx, await currentUser(request), request.query.page),
  );

  for (const [path, transition] of [
    ['start-review', 'start_review'],
    ['approve', 'approve'],
  ] as const) {
    app.post(
      `/campaigns/:id/${path}`,
      {
        schema: {
          tags: reviewTags,
          summary: `Admins: ${path.replace('-', ' ')}`,
          params: ZCampaignIdParams,
          response: { 200: ZCampaignEnvelope },
        },
      },
      async (request) =>
        reviewCampaign(ctx, await currentUser(request), request.params.id, transition, null),
    );
  }

  app.post(
    '/campaigns/:id/reject',
    {
      schema: {
        tags: reviewTags,
        summary: 'Admins: rejects a campaign with a reason',
        params: ZCampaignIdParams,
        body: ZCampaignRejectBody,
        response: { 200: ZCampaignEnvelope },
      },
    },
    async (request) =>
      reviewCampaign(
        ctx,
        await currentUser(request),
        request.params.id,
        'reject',
        request.body.reason,
      ),
  );
};
