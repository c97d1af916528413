/**
 * The consumer app's reports, with an API key instead of a user's token
 * (platform/access/api-keys.ts): POST /api/ingest/events, its participation
 * data, and POST /api/ingest/campaigns/{id}/codes/handed-out, a campaign code
 * handed out. The rules a sender must know are in the operations'
 * descriptions, the API document's text.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCampaignIdParams,
  ZCodeHandoutBody,
  ZCodeHandoutResponse,
  ZErrorResponse,
  ZIngestBatch,
  ZIngestResponse,
} from '@backoffice/domain';
import type { IngestService } from './service.js';

const INGEST_DESCRIPTION = [
  '**Resending is safe.** An event sent again unchanged (same `id` and `occurred_at`) is answered as a duplicate and changes nothing for as long as events are kept (`EVENT_RETENTION_DAYS`); an event whose `id` was received within the last `EVENT_RECEIPT_DAYS` (7 by default) is a duplicate whatever else it carries now (another `occurred_at`, campaign or profile), and so is every event of a participant erased since, however much later it is resent. After `EVENT_RECEIPT_DAYS` an id with another `occurred_at` is a new event: keep `occurred_at` as the moment it happened, and never reuse an id for another event.',
  'Each event is checked alone: the valid ones are stored, each other one is answered in `rejected` with its index, id, message key and field (e.g. `campaign_not_published` or `campaign_deleted` for `campaign`, `participant_erased` for `participant`, `invalid_value` for `occurred_at` or `profile.kids.1.birth_year`).',
  'Events are taken for campaigns that were published (approved, active, ended), with `occurred_at` within the retention period and at most a day ahead. Birth years may not lie after the year of `occurred_at` (in the installation’s time zone), and no kid may be born before its parent. See docs/api.md, "Events".',
].join('\n\n');

const HANDOUT_DESCRIPTION = [
  'One of the campaign’s multiple codes (a coupon’s codes, a sweepstake’s codes for its “unique code” prizes), named by its value, was handed out to someone: it counts as used from now on, and the campaign’s codes left drop by one.',
  '**Reporting a code again is safe**: it changes nothing and gets the same answer (with the time of the first report), also after the campaign ended or was deleted.',
  '404 `not_found` for `campaign` (no such campaign) or for `code` (the campaign has no such code, also when another campaign has it), 404 `campaign_deleted`, 409 `campaign_not_published` for a campaign never published. When the report leaves an approved or active campaign with fewer than 10 % or fewer than 100 codes left, its merchant’s webhooks get one `codes.low` event, once per crossing. See docs/api.md, “Handed-out codes”.',
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

  app.post(
    '/ingest/campaigns/:id/codes/handed-out',
    {
      schema: {
        tags: ['ingest'],
        summary: 'Consumer app: one of a campaign’s codes was handed out (API key)',
        description: HANDOUT_DESCRIPTION,
        operationId: 'reportCodeHandedOut',
        security: [{ apiKey: [] }],
        params: ZCampaignIdParams,
        body: ZCodeHandoutBody,
        response: {
          200: ZCodeHandoutResponse,
          404: ZErrorResponse.describe('No such campaign or code, or the campaign is deleted'),
          409: ZErrorResponse.describe('The campaign was never published'),
        },
      },
      // Who sends is checked before the body is looked at.
      onRequest: async (request) => {
        await ingest.requireApiKey(request);
      },
    },
    async (request) => ingest.handOutCode(request.params.id, request.body.code),
  );
};
