/**
 * Webhook endpoints for the people who manage them (docs/product.md#webhooks):
 * a merchant's (role manage-merchant) and the admins' own, which hear of
 * every merchant's events. The secret is in the answer that made it only.
 */
import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_TEST_EVENT,
  buildPager,
  isAdmin,
  type TWebhookDelivery,
  type TWebhookDeliveryPage,
  type TWebhookEndpoint,
  type TWebhookEndpointList,
  type TWebhookWithSecret,
  type WebhookEventType,
} from '@backoffice/domain';
import type { WebhooksSettings } from '../../platform/config/config-webhooks.js';
import { requireAdmin } from '../../platform/access/admin.js';
import { requireMerchantAccess } from '../../platform/access/merchant-access.js';
import { ADVISORY_LOCK_KEYS, advisoryXactLock } from '../../platform/db/advisory-locks.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import type { UserRow } from '../../platform/users/users.js';
import { checkWebhookUrl } from './address-guard.js';
import { enqueueAttempts, messageBody } from './delivery.js';
import {
  countEndpoints,
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  reopenDelivery,
  updateEndpoint,
  type DeliveryRow,
  type EndpointRow,
} from './queries.js';
import { newWebhookSecret, sealSecret } from './signing.js';

export interface WebhookServiceDeps {
  db: Db;
  jobs: JobQueue;
  settings: Pick<WebhooksSettings, 'allowPrivate'>;
  secretsKey: Buffer;
}

/** What a save says of an endpoint (the body as the schema gives it). */
export interface EndpointFields {
  url: string;
  description: string;
  events: WebhookEventType[];
  active: boolean;
  version?: number | undefined;
}

const toEndpoint = (row: EndpointRow): TWebhookEndpoint => ({
  id: row.id,
  merchant_id: row.merchantId,
  url: row.url,
  description: row.description,
  events: row.events,
  active: row.active,
  disabled_reason: row.disabledReason,
  failing_since: row.failingSince?.toISOString() ?? null,
  created: row.createdAt.toISOString(),
  version: row.version,
});

const toDelivery = (row: DeliveryRow): TWebhookDelivery => ({
  id: row.id,
  event: row.event,
  status: row.status,
  attempts: row.attempts,
  response_status: row.responseStatus,
  duration_ms: row.durationMs,
  error: row.error,
  created: row.createdAt.toISOString(),
  last_attempt: row.lastAttemptAt?.toISOString() ?? null,
  next_attempt: row.nextAttemptAt?.toISOString() ?? null,
  payload: row.payload,
});

/** Whose endpoints the caller may manage: a merchant's with manage-merchant, the admins' as an admin. */
async function requireOwner(db: DbOrTx, user: UserRow, merchantId: string | null): Promise<void> {
  if (merchantId === null) requireAdmin(user);
  else await requireMerchantAccess(db, user, { merchantId, role: 'manage-merchant' });
}

/** An endpoint the caller may manage; 404 for one they may not see (its existence is not told). */
async function requireEndpoint(db: DbOrTx, user: UserRow, id: string): Promise<EndpointRow> {
  const endpoint = await findEndpoint(db, id);
  if (!endpoint || (endpoint.merchantId === null && !isAdmin(user))) throw notFound();
  await requireOwner(db, user, endpoint.merchantId);
  return endpoint;
}

export function createWebhookService(deps: WebhookServiceDeps) {
  const { db } = deps;

  return {
    async list(user: UserRow, merchantId: string | null): Promise<TWebhookEndpointList> {
      await requireOwner(db, user, merchantId);
      return { endpoints: (await listEndpoints(db, merchantId)).map(toEndpoint) };
    },

    async create(
      user: UserRow,
      merchantId: string | null,
      fields: EndpointFields,
    ): Promise<TWebhookWithSecret> {
      await requireOwner(db, user, merchantId);
      const url = await checkWebhookUrl(fields.url, deps.settings.allowPrivate);
      const secret = newWebhookSecret();
      const endpoint = await db.transaction(async (tx) => {
        await advisoryXactLock(tx, ADVISORY_LOCK_KEYS.webhookEndpoints);
        if ((await countEndpoints(tx, merchantId)) >= WEBHOOK_ENDPOINTS_MAX) {
          throw new AppError(422, 'webhook_limit_reached');
        }
        return insertEndpoint(tx, {
          merchantId,
          url: url.href,
          description: fields.description,
          events: fields.events,
          active: fields.active,
          secret: sealSecret(deps.secretsKey, secret),
          createdBy: user.id,
        });
      });
      return { endpoint: toEndpoint(endpoint), secret };
    },

    async get(user: UserRow, id: string): Promise<TWebhookEndpoint> {
      return toEndpoint(await requireEndpoint(db, user, id));
    },

    async update(user: UserRow, id: string, fields: EndpointFields): Promise<TWebhookEndpoint> {
      const endpoint = await requireEndpoint(db, user, id);
      const url = await checkWebhookUrl(fields.url, deps.settings.allowPrivate);
      const updated = await updateEndpoint(
        db,
        { id: endpoint.id, version: fields.version },
        {
          url: url.href,
          description: fields.description,
          events: fields.events,
          active: fields.active,
          // Switched on again by a person: its failures start anew.
          ...(fields.active && !endpoint.active
            ? { disabledReason: null, failingSince: null }
            : {}),
          ...(!fields.active ? { disabledReason: null } : {}),
        },
      );
      if (!updated) throw new AppError(409, 'webhook_changed', 'version');
      return toEndpoint(updated);
    },

    async remove(user: UserRow, id: string): Promise<void> {
      const endpoint = await requireEndpoint(db, user, id);
      if (!(await deleteEndpoint(db, endpoint.id))) throw notFound();
    },

    /** A new secret; the old one signs nothing from now on. */
    async rotateSecret(user: UserRow, id: string): Promise<TWebhookWithSecret> {
      const endpoint = await requireEndpoint(db, user, id);
      const secret = newWebhookSecret();
      const updated = await updateEndpoint(
        db,
        { id: endpoint.id, version: undefined },
        { secret: sealSecret(deps.secretsKey, secret) },
      );
      if (!updated) throw notFound();
      return { endpoint: toEndpoint(updated), secret };
    },

    async deliveries(user: UserRow, id: string, page: number): Promise<TWebhookDeliveryPage> {
      const endpoint = await requireEndpoint(db, user, id);
      const { rows, total } = await listDeliveries(db, endpoint.id, page);
      return { deliveries: rows.map(toDelivery), pager: buildPager(page, total) };
    },

    /** "Test senden": a `webhook.test` message to this endpoint, one attempt. */
    async sendTest(user: UserRow, id: string): Promise<TWebhookDelivery> {
      const endpoint = await requireEndpoint(db, user, id);
      const delivery = await db.transaction(async (tx) => {
        const [created] = await insertDeliveries(tx, [
          {
            id: randomUUID(),
            endpointId: endpoint.id,
            event: WEBHOOK_TEST_EVENT,
            payload: messageBody({
              type: WEBHOOK_TEST_EVENT,
              occurredAt: new Date(),
              data: { endpoint_id: endpoint.id, merchant_id: endpoint.merchantId },
            }),
          },
        ]);
        if (!created) throw new Error('insert returned no row');
        await enqueueAttempts(deps.jobs, tx, [{ id: created.id, manual: true }]);
        return created;
      });
      return toDelivery(delivery);
    },

    /** "Erneut senden": one more attempt at a delivery, now, whatever became of it. */
    async resend(user: UserRow, id: string, deliveryId: string): Promise<TWebhookDelivery> {
      const endpoint = await requireEndpoint(db, user, id);
      const found = await findDelivery(db, deliveryId);
      if (found?.endpoint.id !== endpoint.id) throw notFound();
      const delivery = await db.transaction(async (tx) => {
        const reopened = await reopenDelivery(tx, deliveryId);
        if (!reopened) throw notFound();
        await enqueueAttempts(deps.jobs, tx, [{ id: reopened.id, manual: true }]);
        return reopened;
      });
      return toDelivery(delivery);
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
