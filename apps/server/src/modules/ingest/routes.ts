/**
 * POST /api/ingest/events: the consumer app's participation data, with an API
 * key instead of a user's token (platform/access/api-keys.ts). The rules a sender must
 * know are in the operation's description, the API document's text.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIngestBatch, ZIngestResponse } from '@backoffice/domain';
import type { IngestService } from './service.js';

const INGEST_DESCRIPTION = [
  '**Resending is safe.** An event sent again unchanged (same `id` and `occurred_at`) is answered as a duplicate and changes nothing for as long as events are kept (`EVENT_RETENTION_DAYS`); an event whose `id` was received within the last `EVENT_RECEIPT_DAYS` (7 by default) is a duplicate whatever else it carries now (another `occurred_at`, campaign or profile), and so is every event of a participant erased since, however much later it is resent. After `EVENT_RECEIPT_DAYS` an id with another `occurred_at` is a new event: keep `occurred_at` as the moment it happened, and never reuse an id for another event.',
  'Each event is checked alone: the valid ones are stored, each other one is answered in `rejected` with its index, id, message key and field (e.g. `campaign_not_published` or `campaign_deleted` for `campaign`, `participant_erased` for `participant`, `invalid_value` for `occurred_at` or `profile.kids.1.birth_year`).',
  'Events are taken for campaigns that were published (approved, active, ended), with `occurred_at` within the retention period and at most a day ahead. Birth years may not lie after the year of `occurred_at` (in the installation’s time zone), and no kid may be born before its parent. See docs/api.md, "Events".',
].join('\n\n');

/** What the ingest route gets: the service and the body limit of a batch. */
export interface IngestRoutesOptions {
  ingest: IngestService;
  /** bodyLimits(config).ingestBatch: 1,000 events of the longest kind. */
  ingestBatchBodyLimit: number;
}

export const ingestRoutes: FastifyPluginAsyncZod<IngestRoutesOptions> = async (
  app,
  { ingest, ingestBatchBodyLimit },
) => {
  app.post(
    '/ingest/events',
    {
      // 1,000 events of the longest kind.
      bodyLimit: ingestBatchBodyLimit,
      // Each event is checked alone, also for texts the database cannot store.
      config: { itemsCheckedByRoute: 'events' },
      schema: {
        tags: ['ingest'],
        summary:
          'Consumer app: participations, views, handled wins and access-code uses, up to 1,000 events a request (API key)',
        description: INGEST_DESCRIPTION,
        security: [{ apiKey: [] }],
        body: ZIngestBatch,
        response: { 200: ZIngestResponse },
      },
      // Who sends is checked before the body is looked at.
      onRequest: async (request) => {
        await ingest.requireApiKey(request);
      },
    },
    async (request) => ingest.ingest(request.body.events),
  );
};
