/**
 * Webhooks (docs/product.md#webhooks): endpoints that merchants (and admins,
 * for every merchant) register to be told of events by a signed HTTP POST,
 * and the log of what was delivered to each.
 */
import { z } from 'zod';
import type { CampaignStatus } from '../campaign/status.js';
import { ZPager, ZUuid } from './common.js';

/** The events an endpoint can subscribe to, in the order the screen lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'campaign.submitted',
  'campaign.approved',
  'campaign.rejected',
  'campaign.activated',
  'campaign.ended',
  'campaign.deleted',
  'draw.completed',
  'codes.low',
  'location_import.finished',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event a campaign's move into a status is told by (none for the statuses not listed). */
const STATUS_EVENTS: Partial<Record<CampaignStatus, WebhookEventType>> = {
  submitted: 'campaign.submitted',
  approved: 'campaign.approved',
  rejected: 'campaign.rejected',
  active: 'campaign.activated',
  ended: 'campaign.ended',
  deleted: 'campaign.deleted',
};
export const webhookEventForStatus = (status: CampaignStatus): WebhookEventType | undefined =>
  STATUS_EVENTS[status];

/** The event of "Test senden": sent to one endpoint whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Longest URL an endpoint may have. */
export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** Endpoints one merchant (or the admins together) may register. */
export const WEBHOOK_ENDPOINTS_MAX = 20;

/** Why an endpoint is off: switched off by a person, or by the product after days of failures. */
export const WEBHOOK_DISABLED_REASONS = ['failing'] as const;

export const ZWebhookEndpoint = z.object({
  id: z.string(),
  /** Null: an admins' endpoint, told of the events of every merchant. */
  merchant_id: z.string().nullable(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  active: z.boolean(),
  /** Set when the product switched the endpoint off because its deliveries failed for days. */
  disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  /** Since when every delivery failed (null while the last one succeeded). */
  failing_since: z.string().nullable(),
  created: z.string(),
  version: z.number().int(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookEndpointList = z.object({ endpoints: z.array(ZWebhookEndpoint) });
export type TWebhookEndpointList = z.infer<typeof ZWebhookEndpointList>;

export const ZWebhookSaveBody = z.object({
  url: z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .max(WEBHOOK_URL_MAX_LENGTH)
    .meta({ examples: ['https://crm.example.com/hooks/backoffice'] }),
  description: z
    .string()
    .trim()
    .max(200)
    .default('')
    .meta({ examples: ['CRM: new campaigns'] }),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .min(1, { error: 'required' })
    .transform((events) => [...new Set(events)]),
  active: z.boolean().default(true),
  /** The version the change was made on (a save from an older one is refused). */
  version: z.number().int().min(1).optional(),
});
export type TWebhookSaveBody = z.input<typeof ZWebhookSaveBody>;

/** A new endpoint, or a new secret: the secret is in this answer only. */
export const ZWebhookWithSecret = z.object({ endpoint: ZWebhookEndpoint, secret: z.string() });
export type TWebhookWithSecret = z.infer<typeof ZWebhookWithSecret>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const ZWebhookDelivery = z.object({
  /** The message id (the `webhook-id` header), the same on every attempt. */
  id: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's answer to the last attempt (null: no answer, see `error`). */
  response_status: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  /** Why the last attempt got no answer: timeout, refused address, connection error. */
  error: z.string().nullable(),
  created: z.string(),
  last_attempt: z.string().nullable(),
  next_attempt: z.string().nullable(),
  /** The body as sent (JSON text). */
  payload: z.string(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryPage = z.object({
  deliveries: z.array(ZWebhookDelivery),
  pager: ZPager,
});
export type TWebhookDeliveryPage = z.infer<typeof ZWebhookDeliveryPage>;

export const ZWebhookParams = z.object({ id: ZUuid });
export const ZWebhookDeliveryParams = z.object({ id: ZUuid, deliveryId: ZUuid });
