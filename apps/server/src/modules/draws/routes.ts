/**
 * Winner draws of sweepstakes: for admins the recorded draw, the manual draw
 * and the candidate list an auditor repeats the draw with; for the consumer
 * app (API key) the draw's winners, whose wins it closes through ingest.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCampaignIdParams, ZDrawResponse, ZErrorResponse } from '@backoffice/domain';
import { currentUser } from '../../platform/identity/current-user.js';
import type { DrawService } from './service.js';

/** How a win goes from the draw to handled: told by every route of it in the API document. */
const ROUND_TRIP =
  'A win from the draw to handled: (1) the sweepstake is drawn DRAW_DELAY_MINUTES after its end by the scheduler, or by an admin (POST /api/campaigns/{id}/draw) when it asks for a manual draw; ' +
  '(2) the consumer app reads the winners with its API key (GET /api/ingest/campaigns/{id}/draw), each with the id of its win; ' +
  '(3) it hands the prize out to the participant; ' +
  '(4) it sends a `win_handled` event to POST /api/ingest/events with `win` = the win’s id and `participant` = the winner’s id; ' +
  '(5) the win’s status is `handled` in the draw’s answers, and the merchant’s open wins (the dashboard’s `todo_wins.count`) drop by one. ' +
  'Reporting a handled win again changes nothing. The answer is null until the campaign is drawn.';

export const drawRoutes: FastifyPluginAsyncZod<{ draws: DrawService }> = async (app, { draws }) => {
  const tags = ['draws'];
  app.get(
    '/campaigns/:id/draw',
    {
      schema: {
        tags,
        summary: 'Admins: the winner draw of a sweepstake (null before it is drawn)',
        description: ROUND_TRIP,
        params: ZCampaignIdParams,
        response: { 200: ZDrawResponse },
      },
    },
    async (request) => draws.get(await currentUser(request), request.params.id),
  );
  app.post(
    '/campaigns/:id/draw',
    {
      schema: {
        tags,
        summary: 'Admins: draws the winners of an ended sweepstake now (manual draw)',
        description: ROUND_TRIP,
        params: ZCampaignIdParams,
        response: { 200: ZDrawResponse },
      },
    },
    async (request) => draws.drawNow(await currentUser(request), request.params.id),
  );
  app.get(
    '/campaigns/:id/draw/candidates',
    {
      schema: {
        tags,
        summary:
          'Admins: the candidate list of a draw (scheme 2), one SHA-256 digest of a participant id a line',
        description:
          'Exactly the text whose SHA-256 is the draw’s `participants_hash`: lowercase hex digests, sorted, joined by a line feed, none after the last. With the draw’s seed and prize units it repeats the draw (docs/api.md, “Winner draws and wins”). Kept for EVENT_RETENTION_DAYS after the draw; 409 `not_drawn` before the draw, 410 `candidates_not_kept` once cleared or for a scheme 1 draw.',
        operationId: 'downloadDrawCandidates',
        params: ZCampaignIdParams,
        response: {
          200: {
            description: 'The candidate list (text/plain, UTF-8)',
            content: { 'text/plain': { schema: z.string() } },
          },
          409: ZErrorResponse.describe('Not drawn yet, or the campaign has no draw'),
          410: ZErrorResponse.describe('The candidate list is no longer (or was never) kept'),
        },
      },
    },
    async (request, reply) => {
      const digests = await draws.candidateDigests(await currentUser(request), request.params.id);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="draw-candidates-${request.params.id}.txt"`,
        )
        .header('cache-control', 'no-store')
        .send(digests);
    },
  );
};

/** The consumer app's read of a draw: an API key instead of a user's token, like ingest. */
export const drawAppRoutes: FastifyPluginAsyncZod<{ draws: DrawService }> = async (
  app,
  { draws },
) => {
  app.get(
    '/ingest/campaigns/:id/draw',
    {
      schema: {
        tags: ['ingest'],
        summary:
          'Consumer app: the winner draw of a sweepstake with the id of each win, to close it with `win_handled` (API key)',
        description: `${ROUND_TRIP} 404 for an unknown or deleted campaign, 409 \`no_prize_draw\` for a campaign type without a draw.`,
        security: [{ apiKey: [] }],
        params: ZCampaignIdParams,
        response: {
          200: ZDrawResponse,
          409: ZErrorResponse.describe('The campaign’s type has no draw (`no_prize_draw`)'),
        },
      },
      // Who asks is checked before anything else.
      onRequest: async (request) => {
        await draws.requireApiKey(request);
      },
    },
    async (request) => draws.getForApp(request.params.id),
  );
};
