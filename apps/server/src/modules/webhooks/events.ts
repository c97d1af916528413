/**
 * What other modules call when something happened that webhooks tell of:
 * the event is stored in the caller's transaction (an outbox), so that a
 * committed change always reaches its endpoints and a rolled-back one never.
 * The dispatcher (dispatch.ts) hands it to the endpoints that subscribed.
 */
import type { WebhookEventType } from '@backoffice/domain';
import type { DbOrTx } from '../../platform/db/client.js';
import { webhookEvents } from '../../platform/db/schema.js';

export interface WebhookEvent {
  type: WebhookEventType;
  merchantId: string;
  /** The event's `data`: ids and states, never a participant's personal data. */
  data: Record<string, unknown>;
}

/** Records events in the change's transaction; nothing when there are none. */
export async function recordWebhookEvents(
  db: DbOrTx,
  events: readonly WebhookEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await db
    .insert(webhookEvents)
    .values(
      events.map((event) => ({ type: event.type, merchantId: event.merchantId, data: event.data })),
    );
}
