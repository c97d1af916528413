/** Winner draws of sweepstakes (admins): the recorded draw, and the manual draw. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCampaignIdParams } from '@backoffice/domain';
import { currentUser } from '../users/current-user.js';
import { drawNow, getDraw } from './service.js';

const ZDraw = z.object({
  draw: z
    .object({
      campaign: z.string(),
      /** With the participant list's hash, repeats the draw (apps/server/src/modules/draws/draw.ts). */
      seed: z.string(),
      participants_hash: z.string(),
      participant_count: z.number().int(),
      manual: z.boolean(),
      drawn_at: z.string(),
      winners: z.array(
        z.object({
          prize_index: z.number().int(),
          participant: z.string(),
          status: z.enum(['pending', 'handled']),
        }),
      ),
    })
    .nullable(),
});

export const drawRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const tags = ['review'];
  app.get(
    '/campaigns/:id/draw',
    {
      schema: {
        tags,
        summary: 'Admins: the winner draw of a sweepstake (null before it is drawn)',
        params: ZCampaignIdParams,
        response: { 200: ZDraw },
      },
    },
    async (request) => getDraw(ctx, await currentUser(request), request.params.id),
  );
  app.post(
    '/campaigns/:id/draw',
    {
      schema: {
        tags,
        summary: 'Admins: draws the winners of an ended sweepstake now (manual draw)',
        params: ZCampaignIdParams,
        response: { 200: ZDraw },
      },
    },
    async (request) => drawNow(ctx, await currentUser(request), request.params.id),
  );
};
