/** Winner draws of sweepstakes (admins): the recorded draw, and the manual draw. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCampaignIdParams, ZDrawResponse } from '@backoffice/domain';
import { currentUser } from '../../access/current-user.js';
import { drawNow, getDraw } from './service.js';

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
        response: { 200: ZDrawResponse },
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
        response: { 200: ZDrawResponse },
      },
    },
    async (request) => drawNow(ctx, await currentUser(request), request.params.id),
  );
};
