/** Admins erase a participant's data on the consumer app's request (DSGVO Art. 17). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZParticipantId } from '@backoffice/domain';
import { requireAdmin } from '../../access/admin.js';
import { currentUser } from '../../access/current-user.js';
import { eraseParticipant } from './privacy.js';

export const participantAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  app.delete(
    '/admin/participants/:participant',
    {
      schema: {
        tags: ['ingest'],
        summary:
          'Admins: erases a participant (raw events, profile, links); counters and rollups stay',
        params: z.object({ participant: ZParticipantId }),
        response: {
          200: z.object({
            erased: z.object({ events: z.number().int(), campaigns: z.number().int() }),
          }),
        },
      },
    },
    async (request) => {
      requireAdmin(await currentUser(request));
      return { erased: await eraseParticipant(ctx, request.params.participant) };
    },
  );
};
