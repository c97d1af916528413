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
  currentUserWithCampaignAccess,
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
      // The session check reads the caller's access to exact_merchant too.
      config: { merchantAccessFrom: { query: 'exact_merchant' } },
      schema: {
        tags,
        summary: 'Campaigns, filtered, ordered and paged',
        description:
          'The campaigns the caller may see, one page at a time: of one merchant (`exact_merchant`, with the role manage-campaigns for it) or of every merchant the caller may see, filtered by text, type, status and runtime and ordered by `order_by`.',
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
        description:
          'Creates a draft campaign of the type for the merchant, with the caller’s role manage-campaigns for it. The answer is the campaign, to be filled step by step with POST /api/campaigns/{id}. Tips are for admins and agencies.',
        body: ZCampaignCreateBody,
        response: { 200: ZCampaignEnvelope },
      },
    },
    async (request) => campaigns.create(await currentUser(request), request.body),
  );

  app.get(
    '/campaigns/:id',
    {
      // The session check reads the caller's access to the campaign too.
      config: { campaignAccessFrom: { params: 'id' } },
      schema: {
        tags,
        summary: 'A campaign with its state',
        description:
          'The campaign with every field, its status, the errors of each step (what is still missing before it can be submitted) and what the caller may do with it.',
        params: ZCampaignIdParams,
        response: { 200: ZCampaignEnvelope },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { user, access } = await currentUserWithCampaignAccess(request, id);
      return campaigns.get(user, id, access);
    },
  );

  app.post(
    '/campaigns/:id',
    {
      // Every text of a campaign at its limit.
      bodyLimit: limits.campaignSave,
      config: { campaignAccessFrom: { params: 'id' } },
      schema: {
        tags,
        summary: 'Saves a campaign: one step (validate=step) or all',
        description:
          'Saves the fields given. With `validate=step` only the errors of the fields sent are answered (one step of the assistant); without, the whole campaign is checked. A campaign in review or published takes only the changes its status allows.',
        params: ZCampaignIdParams,
        querystring: ZCampaignSaveQuery,
        body: ZCampaignSaveBody,
        response: { 200: ZCampaignEnvelope },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { user, access } = await currentUserWithCampaignAccess(request, id);
      return campaigns.save(user, {
        id,
        body: request.body,
        validate: request.query.validate,
        known: access,
      });
    },
  );

  app.post(
    '/campaigns/:id/submit',
    {
      schema: {
        tags,
        summary: 'Submits a campaign without errors',
        description:
          'Submits a campaign (created, or rejected and submitted again) for review by the admins; a campaign with errors answers 400 `campaign_has_errors`, another status 409 `campaign_not_submittable`. The change is recorded in the status history; submissions of agencies and admins are approved automatically after a short delay.',
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
        description:
          'Makes a new campaign with the content of this one: a new id, the title marked as a copy, status created, statistics at zero and its own copy of the image. For merchants of level 1 or higher.',
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
        description:
          'Switches whether the consumer app lists the campaign; a hidden campaign stays reachable by its link. For merchants of level 1 or higher.',
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
        description:
          'Deletes the campaign when no one took part yet. The answer says what happened: status `deleted`, or the status it keeps with the reason `has_participations` or `not_deletable`.',
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
        description:
          'Every change of the campaign’s status, oldest first, with when, by whom and, for a rejection, the reason.',
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
        description:
          'The campaigns of the same merchant that the campaign may name as co-participation targets or as coreg exclusions, for the choice lists of the editor.',
        operationId: 'listCampaignLinkOptions',
        params: ZCampaignIdParams,
        response: { 200: ZCampaignLinkOptionsResponse },
      },
    },
    async (request) => campaigns.linkOptions(await currentUser(request), request.params.id),
  );
};
