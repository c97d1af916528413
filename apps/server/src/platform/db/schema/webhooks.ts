/**
 * Webhooks (docs/product.md#webhooks): the endpoints merchants and admins
 * register, the events the product records in the transaction of the change
 * that caused them (an outbox), and one delivery per event and endpoint.
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { WebhookDeliveryStatus, WebhookEventType } from '@backoffice/domain';
import { createdAt } from './columns.js';
import { users } from './identity.js';
import { merchants } from './merchants.js';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null: an admins' endpoint, told of the events of every merchant. */
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    active: boolean('active').notNull().default(true),
    /** The signing secret (`whsec_…`), encrypted with the server's secrets key (webhooks/signing.ts). */
    secret: text('secret').notNull(),
    /** 'failing' when the product switched the endpoint off after days of failed deliveries. */
    disabledReason: text('disabled_reason').$type<'failing'>(),
    /** Since when every delivery failed; null while the last one succeeded. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Counts the endpoint's saves (db/versions.ts): a save from an older version is refused. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_merchant_idx').on(t.merchantId)],
);

/** What happened, waiting to be fanned out to the endpoints that subscribed to it (then deleted). */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').$type<WebhookEventType>().notNull(),
    /** The merchant the event is about (no reference: the event outlives a deleted merchant). */
    merchantId: uuid('merchant_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_events_occurred_idx').on(t.occurredAt)],
);

/** One event for one endpoint: the message, its attempts and where they stand. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** The message id (the `webhook-id` header): the same on every attempt. */
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The body as sent, byte for byte on every attempt (the signature covers it). */
    payload: text('payload').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    createdAt: createdAt(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt.desc(), t.id)],
);
