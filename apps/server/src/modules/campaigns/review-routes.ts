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
        description:
          'The review queue: the submitted campaigns and those in review, oldest submission first, one page at a time. Admins only.',
        querystring: z.object({ page: ZPageQuery }),
        response: { 200: ZCampaignListResponse },
      },
    },
    async (request) => campaigns.reviewQueue(await currentUser(request), request.query.page),
  );

  for (const [path, transition, description] of [
    [
      'start-review',
      'start_review',
      'Takes a submitted campaign into review (status `start_review`), so that other admins see someone works on it. Admins only.',
    ],
    [
      'approve',
      'approve',
      'Approves a submitted campaign or one in review (status `approved`); the calendar then makes it active at its start and ended after its end. Admins only.',
    ],
  ] as const) {
    app.post(
      `/campaigns/:id/${path}`,
      {
        schema: {
          tags: reviewTags,
          summary: `Admins: ${path.replace('-', ' ')}`,
          description,
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
        description:
          'Rejects a submitted campaign or one in review with a reason the merchant sees (and is mailed). A rejected campaign returns to created when edited, or is submitted again as it is. Admins only.',
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
