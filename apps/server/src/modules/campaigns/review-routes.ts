/** The admins' review of submitted campaigns: the queue, start review, approve, reject. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCampaignEnvelope,
  ZCampaignIdParams,
  ZCampaignListResponse,
  ZCampaignRejectBody,
  ZPageQuery,
} from '@backoffice/domain';
import { currentUser } from '../../platform/identity/current-user.js';
import type { CampaignRoutesOptions } from './create-service.js';

export const campaignReviewRoutes: FastifyPluginAsyncZod<CampaignRoutesOptions> = async (
  app,
  { campaigns },
) => {
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
    async (request) => campaigns.reviewQueue(await currentUser(request), request.query.page),
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
        campaigns.review(await currentUser(request), {
          id: request.params.id,
          transition,
          reason: null,
        }),
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
      campaigns.review(await currentUser(request), {
        id: request.params.id,
        transition: 'reject',
        reason: request.body.reason,
      }),
  );
};
