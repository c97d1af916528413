/**
 * Webhook endpoints of the merchant API (docs/product.md#webhooks): a
 * merchant's under /merchants/:id/webhooks (manage-merchant), the admins'
 * under /admin/webhooks, and each endpoint by its id.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZMerchantIdParams,
  ZPageQuery,
  ZWebhookDelivery,
  ZWebhookDeliveryPage,
  ZWebhookDeliveryParams,
  ZWebhookEndpoint,
  ZWebhookEndpointList,
  ZWebhookParams,
  ZWebhookSaveBody,
  ZWebhookWithSecret,
} from '@backoffice/domain';
import { currentUser } from '../../platform/identity/current-user.js';
import type { WebhookService } from './service.js';

const tags = ['webhooks'];

/** What the webhook routes get. */
export interface WebhookRoutesOptions {
  webhooks: WebhookService;
}

export const webhookRoutes: FastifyPluginAsyncZod<WebhookRoutesOptions> = async (
  app,
  { webhooks },
) => {
  app.get(
    '/merchants/:id/webhooks',
    {
      schema: {
        tags,
        summary: 'The merchant’s webhook endpoints',
        description: 'Needs the role manage-merchant. Secrets are never listed.',
        params: ZMerchantIdParams,
        response: { 200: ZWebhookEndpointList },
      },
    },
    async (request) => webhooks.list(await currentUser(request), request.params.id),
  );

  app.post(
    '/merchants/:id/webhooks',
    {
      schema: {
        tags,
        summary: 'Registers a webhook endpoint of the merchant; its secret is in this answer only',
        description:
          'The URL must be http or https and reach a public address. Deliveries are signed in the Standard Webhooks format with the secret.',
        params: ZMerchantIdParams,
        body: ZWebhookSaveBody,
        response: { 200: ZWebhookWithSecret },
      },
    },
    async (request) => webhooks.create(await currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/admin/webhooks',
    {
      schema: {
        tags,
        summary: 'Admins: their webhook endpoints, told of the events of every merchant',
        description:
          'The admins’ own webhook endpoints, which are told of the events of every merchant. Secrets are never listed. Admins only.',
        response: { 200: ZWebhookEndpointList },
      },
    },
    async (request) => webhooks.list(await currentUser(request), null),
  );

  app.post(
    '/admin/webhooks',
    {
      schema: {
        tags,
        summary:
          'Admins: registers an endpoint for the events of every merchant; its secret is in this answer only',
        description:
          'Registers an endpoint for the events of every merchant. The URL must be http or https and reach a public address; the answer holds the signing secret, the only time it is shown. Admins only.',
        body: ZWebhookSaveBody,
        response: { 200: ZWebhookWithSecret },
      },
    },
    async (request) => webhooks.create(await currentUser(request), null, request.body),
  );

  app.get(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'One webhook endpoint',
        description:
          'One endpoint with its URL, description, events, state and its `version` for a later save. The secret is never shown again. Needs the role manage-merchant for the endpoint’s merchant (admins for their own endpoints).',
        params: ZWebhookParams,
        response: { 200: ZWebhookEndpoint },
      },
    },
    async (request) => webhooks.get(await currentUser(request), request.params.id),
  );

  app.put(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Changes an endpoint: URL, description, events, switched on or off',
        description:
          'Switching an endpoint on again that the product switched off for its failures starts its failures anew. With `version`, a save from an older version is refused (409).',
        params: ZWebhookParams,
        body: ZWebhookSaveBody,
        response: { 200: ZWebhookEndpoint },
      },
    },
    async (request) => webhooks.update(await currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Deletes an endpoint and its delivery log',
        description:
          'Deletes the endpoint and its delivery log; deliveries still waiting are dropped. Needs the role manage-merchant for the endpoint’s merchant (admins for their own endpoints).',
        params: ZWebhookParams,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await webhooks.remove(await currentUser(request), request.params.id);
      return { deleted: true as const };
    },
  );

  app.post(
    '/webhooks/:id/secret',
    {
      schema: {
        tags,
        summary:
          'Gives the endpoint a new secret (in this answer only); the old one signs nothing more',
        description:
          'Makes a new signing secret for the endpoint and answers it, the only time it is shown. Deliveries from now on are signed with it; the old secret signs nothing more.',
        params: ZWebhookParams,
        response: { 200: ZWebhookWithSecret },
      },
    },
    async (request) => webhooks.rotateSecret(await currentUser(request), request.params.id),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: 'The endpoint’s delivery log, newest first',
        description:
          'The endpoint’s deliveries, newest first, one page at a time: the event, each attempt with its time, HTTP status and duration, and whether it was delivered, failed or is still retried.',
        params: ZWebhookParams,
        querystring: z.object({ page: ZPageQuery }),
        response: { 200: ZWebhookDeliveryPage },
      },
    },
    async (request) =>
      webhooks.deliveries(await currentUser(request), request.params.id, request.query.page),
  );

  app.post(
    '/webhooks/:id/test',
    {
      schema: {
        tags,
        summary: 'Sends a `webhook.test` message to the endpoint (one attempt)',
        description:
          'Queues a signed `webhook.test` message to the endpoint for one attempt now, without retries, and answers the delivery; the log shows how the endpoint answered.',
        params: ZWebhookParams,
        response: { 200: ZWebhookDelivery },
      },
    },
    async (request) => webhooks.sendTest(await currentUser(request), request.params.id),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/resend',
    {
      schema: {
        tags,
        summary: 'Sends a delivery once more, now (the same message id)',
        description:
          'Queues the message of a delivery for one more attempt now, whatever became of it, with the same message id (`webhook-id`), so that a receiver that skips ids seen before does not handle it twice. Answers the delivery.',
        params: ZWebhookDeliveryParams,
        response: { 200: ZWebhookDelivery },
      },
    },
    async (request) =>
      webhooks.resend(await currentUser(request), request.params.id, request.params.deliveryId),
  );
};
