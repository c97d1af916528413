/** The campaign image (docs/product.md#api-calls "Campaigns"): upload with an optional crop, and removal. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCampaignEnvelope, ZCampaignIdParams, ZImageCropQuery } from '@backoffice/domain';
import {
  currentUser,
  currentUserWithCampaignAccess,
} from '../../platform/identity/current-user.js';
import { uploadRoute } from '../../platform/http/body-limits.js';
import type { CampaignRoutesOptions } from './create-service.js';

export const campaignImageRoutes: FastifyPluginAsyncZod<CampaignRoutesOptions> = async (
  app,
  { campaigns, limits },
) => {
  const tags = ['campaigns'];
  const upload = uploadRoute(limits.imageMaxBytes, 'image_too_large');

  app.post(
    '/campaigns/:id/image',
    {
      bodyLimit: upload.bodyLimit,
      // The session check reads the caller's access to the campaign too.
      config: { ...upload.config, campaignAccessFrom: { params: 'id' } },
      schema: {
        tags,
        summary: 'Uploads the campaign image (multipart field upload), cropped to 620×413',
        description:
          'Uploads the campaign’s image (jpg, png or gif); it is cropped to 620×413 pixels and replaces the one before. The answer is the campaign with the new image.',
        params: ZCampaignIdParams,
        querystring: ZImageCropQuery,
        response: { 200: ZCampaignEnvelope },
      },
    },
    async (request) => {
      const { id } = request.params;
      // Who asks is checked before the upload is read.
      const { user, access: found } = await currentUserWithCampaignAccess(request, id);
      const access = campaigns.checkImageUpload(found);
      const { crop_x, crop_y, crop_width, crop_height } = request.query;
      const crop =
        crop_x !== undefined &&
        crop_y !== undefined &&
        crop_width !== undefined &&
        crop_height !== undefined
          ? { left: crop_x, top: crop_y, width: crop_width, height: crop_height }
          : undefined;
      return campaigns.replaceImage(user, { access, id, request, crop });
    },
  );

  app.delete(
    '/campaigns/:id/image',
    {
      schema: {
        tags,
        summary: 'Removes the campaign image',
        description: 'Removes the campaign’s image; the answer is the campaign without it.',
        params: ZCampaignIdParams,
        response: { 200: ZCampaignEnvelope },
      },
    },
    async (request) => campaigns.removeImage(await currentUser(request), request.params.id),
  );
};
