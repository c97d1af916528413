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
        params: ZCampaignIdParams,
        response: { 200: ZCampaignEnvelope },
      },
    },
    async (request) => campaigns.createFollowup(await currentUser(request), request.params.id),
  );
};
