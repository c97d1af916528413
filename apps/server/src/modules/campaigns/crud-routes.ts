/** Campaigns themselves (docs/product.md#api-calls "Campaigns"): the list, create, read, save and the commands on one. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCampaignCreateBody,
  ZCampaignDeleteResponse,
  ZCampaignEnvelope,
  ZCampaignIdParams,
  ZCampaignLinkOptionsResponse,
  ZCampaignListQuery,
  ZCampaignListResponse,
  ZCampaignSaveBody,
  ZCampaignSaveQuery,
  ZStatusHistoryResponse,
  ZToggleListableResponse,
} from '@backoffice/domain';
import {
  currentUser,
  currentUserWithMerchantAccess,
} from '../../platform/identity/current-user.js';
import { campaignVisibility, tokenGrantOf } from '../../platform/access/merchant-access.js';
import type { CampaignRoutesOptions } from './create-service.js';

export const campaignCrudRoutes: FastifyPluginAsyncZod<CampaignRoutesOptions> = async (
  app,
  { campaigns, limits },
) => {
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
      // An integrator token lists its own merchant's campaigns (as with exact_merchant).
      const merchantId =
        query.exact_merchant ?? tokenGrantOf(await currentUser(request))?.merchantId;
      const user = merchantId
        ? (
            await currentUserWithMerchantAccess(request, merchantId, {
              role: 'manage-campaigns',
            })
          ).user
        : await currentUser(request);
      const scope = {
        merchantId,
        userId: user.level === 'admin' ? undefined : user.id,
        agency: user.level === 'agency',
        ...campaignVisibility(user),
      };
      return campaigns.list(scope, query);
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
    async (request) => campaigns.create(await currentUser(request), request.body),
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
    async (request) => campaigns.get(await currentUser(request), request.params.id),
  );

  app.post(
    '/campaigns/:id',
    {
      // Every text of a campaign at its limit.
      bodyLimit: limits.campaignSave,
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
      campaigns.save(await currentUser(request), {
        id: request.params.id,
        body: request.body,
        validate: request.query.validate,
      }),
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
    async (request) => campaigns.submit(await currentUser(request), request.params.id),
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
    async (request) => campaigns.clone(await currentUser(request), request.params.id),
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
    async (request) => campaigns.toggleListable(await currentUser(request), request.params.id),
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
    async (request) => campaigns.delete(await currentUser(request), request.params.id),
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
    async (request) => campaigns.statusHistory(await currentUser(request), request.params.id),
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
    async (request) => campaigns.linkOptions(await currentUser(request), request.params.id),
  );
};
