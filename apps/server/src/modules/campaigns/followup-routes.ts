/** Follow-up campaigns of a campaign (docs/product.md#api-calls "Campaigns"): list, unlink, create. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCampaignEnvelope,
  ZCampaignIdParams,
  ZFollowupsResponse,
  ZUuid,
} from '@backoffice/domain';
import { currentUser } from '../../platform/identity/current-user.js';
import type { CampaignRoutesOptions } from './create-service.js';

export const campaignFollowupRoutes: FastifyPluginAsyncZod<CampaignRoutesOptions> = async (
  app,
  { campaigns },
) => {
  const tags = ['campaigns'];

  app.get(
    '/campaigns/:id/followups',
    {
      schema: {
        tags,
        summary: 'The follow-up campaigns of a campaign',
        description:
          'The follow-up campaigns linked to the campaign (the campaign offered after taking part), with their ident, title and status.',
        params: ZCampaignIdParams,
        response: { 200: ZFollowupsResponse },
      },
    },
    async (request) => campaigns.followups(await currentUser(request), request.params.id),
  );

  app.delete(
    '/campaigns/:id/followups',
    {
      schema: {
        tags,
        summary: 'Unlinks one follow-up (ident) or all from a campaign',
        description:
          'Unlinks one follow-up (`ident`) or, without it, every follow-up of the campaign; the follow-up campaigns themselves stay.',
        params: ZCampaignIdParams,
        querystring: z.object({ ident: ZUuid.optional() }),
        response: { 200: ZFollowupsResponse },
      },
    },
    async (request) =>
      campaigns.unlinkFollowups(await currentUser(request), {
        id: request.params.id,
        followupId: request.query.ident,
      }),
  );

  app.post(
    '/campaigns/:id/create-followup',
    {
      schema: {
        tags,
        summary: 'Creates a follow-up campaign linked to this one',
        description:
          'Copies the campaign as a new one (status created, a runtime of its own) linked as its follow-up; the answer is the new campaign. For merchants of level 1 or higher.',
        params: ZCampaignIdParams,
        response: { 200: ZCampaignEnvelope },
      },
    },
    async (request) => campaigns.createFollowup(await currentUser(request), request.params.id),
  );
};
