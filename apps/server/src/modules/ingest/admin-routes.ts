/** Admins erase a participant's data on the consumer app's request (DSGVO Art. 17). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZParticipantId } from '@backoffice/domain';
import { requireAdmin } from '../../platform/access/admin.js';
import { currentUser } from '../../platform/identity/current-user.js';
import type { IngestService } from './service.js';

export const participantAdminRoutes: FastifyPluginAsyncZod<{ ingest: IngestService }> = async (
  app,
  { ingest },
) => {
  app.delete(
    '/admin/participants/:participant',
    {
      schema: {
        tags: ['ingest'],
        summary:
          'Admins: erases a participant (raw events, profile, links); counters and rollups stay',
        description:
          'The raw events and the profile are deleted and the rows that counted the participant get a random id, so counters and rollups stay as they were. The events’ receipts stay (they name nobody): a batch sent again afterwards is answered as duplicates. A tombstone (a keyed hash of the id) refuses new events naming the id with `participant_erased` for `ERASURE_BLOCK_DAYS`. See docs/api.md, "Erasure".',
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
      return { erased: await ingest.eraseParticipant(request.params.participant) };
    },
  );
};
