/**
 * Campaign endpoints of the merchant API (docs/product.md#api-calls "Campaigns") and the admin
 * review queue, one file per sub-resource, registered together.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CampaignRoutesOptions } from './create-service.js';
import { campaignCrudRoutes } from './crud-routes.js';
import { campaignFollowupRoutes } from './followup-routes.js';
import { campaignImageRoutes } from './image-routes.js';
import { campaignReviewRoutes } from './review-routes.js';

export const campaignRoutes: FastifyPluginAsyncZod<CampaignRoutesOptions> = async (
  app,
  options,
) => {
  await app.register(campaignCrudRoutes, options);
  await app.register(campaignImageRoutes, options);
  await app.register(campaignFollowupRoutes, options);
  await app.register(campaignReviewRoutes, options);
};
