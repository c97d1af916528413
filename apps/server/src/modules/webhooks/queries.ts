/** The webhook tables' statements: endpoints, waiting events, deliveries. */
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE, type WebhookEventType } from '@backoffice/domain';
import type { DbOrTx } from '../../platform/db/client.js';
import {
  accounts,
  merchants,
  users,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../platform/db/schema.js';
import { atVersion, nextVersion } from '../../platform/db/versions.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type EventRow = typeof webhookEvents.$inferSelect;

/** Whose endpoints: one merchant's, or (null) the admins' for every merchant. */
const ownedBy = (merchantId: string | null) =>
  merchantId === null
    ? isNull(webhookEndpoints.merchantId)
    : eq(webhookEndpoints.merchantId, merchantId);

export function listEndpoints(db: DbOrTx, merchantId: string | null): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(ownedBy(merchantId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function countEndpoints(db: DbOrTx, merchantId: string | null): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(ownedBy(merchantId));
  return row?.n ?? 0;
}

export async function findEndpoint(db: DbOrTx, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function insertEndpoint(
  db: DbOrTx,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Updates an endpoint saved from `version` (any when undefined); undefined when it moved on meanwhile. */
export async function updateEndpoint(
  db: DbOrTx,
  change: { id: string; version: number | undefined },
  values: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...values, version: nextVersion(webhookEndpoints.version) })
    .where(
      and(eq(webhookEndpoints.id, change.id), atVersion(webhookEndpoints.version, change.version)),
    )
    .returning();
  return row;
}

export async function deleteEndpoint(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** One page of an endpoint's deliveries, newest first, with their total. */
export async function listDeliveries(
  db: DbOrTx,
  endpointId: string,
  page: number,
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((page - 1) * DEFAULT_PAGE_SIZE),
    db.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findDelivery(
  db: DbOrTx,
  id: string,
): Promise<{ delivery: DeliveryRow; endpoint: EndpointRow } | undefined> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row;
}

export async function insertDeliveries(
  db: DbOrTx,
  values: (typeof webhookDeliveries.$inferInsert)[],
): Promise<DeliveryRow[]> {
  if (values.length === 0) return [];
  return db.insert(webhookDeliveries).values(values).returning();
}

/**
 * Records an attempt's outcome, if no other attempt recorded one since this
 * one began (`attempts` as read): the row as stored, or undefined.
 */
export async function recordAttempt(
  db: DbOrTx,
  delivery: Pick<DeliveryRow, 'id' | 'attempts'>,
  values: Partial<typeof webhookDeliveries.$inferInsert>,
): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set(values)
    .where(
      and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.attempts, delivery.attempts)),
    )
    .returning();
  return row;
}

/** Puts a delivery back to be sent once more (by a person: "Erneut senden"). */
export async function reopenDelivery(db: DbOrTx, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: sql`now()` })
    .where(eq(webhookDeliveries.id, id))
    .returning();
  return row;
}

/** Takes waiting events in order, locked for this transaction (other dispatchers skip them). */
export function takeWaitingEvents(db: DbOrTx, limit: number): Promise<EventRow[]> {
  return db
    .select()
    .from(webhookEvents)
    .orderBy(asc(webhookEvents.occurredAt), asc(webhookEvents.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function deleteEvents(db: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.delete(webhookEvents).where(inArray(webhookEvents.id, ids));
}

/** The active endpoints that may hear of events of these merchants: theirs and the admins'. */
export function endpointsFor(db: DbOrTx, merchantIds: readonly string[]): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.active, true),
        or(
          isNull(webhookEndpoints.merchantId),
          inArray(webhookEndpoints.merchantId, [...merchantIds]),
        ),
      ),
    );
}

/** Whether an endpoint subscribed to an event of a merchant. */
export const subscribes = (
  endpoint: Pick<EndpointRow, 'merchantId' | 'events'>,
  event: { type: WebhookEventType; merchantId: string },
): boolean =>
  (endpoint.merchantId === null || endpoint.merchantId === event.merchantId) &&
  endpoint.events.includes(event.type);

/** Marks an endpoint failing since now (if it was not already); the row as stored. */
export async function markFailing(db: DbOrTx, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}

export async function markHealthy(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(and(eq(webhookEndpoints.id, id), sql`${webhookEndpoints.failingSince} IS NOT NULL`));
}

/** Switches an endpoint off for its failures, once; true when this call did it. */
export async function switchOff(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({
      active: false,
      disabledReason: 'failing',
      version: nextVersion(webhookEndpoints.version),
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.active, true)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/**
 * Who is told when an endpoint is switched off: whoever set it up, and the
 * people who manage its merchant (for an admins' endpoint, its creator only).
 */
export async function ownersOf(
  db: DbOrTx,
  endpoint: Pick<EndpointRow, 'merchantId' | 'createdBy'>,
): Promise<{ emails: string[]; merchantName: string | null }> {
  const emails = new Set<string>();
  if (endpoint.createdBy) {
    const [creator] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, endpoint.createdBy));
    if (creator) emails.add(creator.email);
  }
  let merchantName: string | null = null;
  if (endpoint.merchantId) {
    const managers = await db
      .select({ email: users.email })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(
        and(
          eq(accounts.merchantId, endpoint.merchantId),
          eq(accounts.pendingInvitation, false),
          sql`${accounts.roles} ? 'manage-merchant'`,
        ),
      );
    for (const manager of managers) emails.add(manager.email);
    const [merchant] = await db
      .select({ name: merchants.name })
      .from(merchants)
      .where(eq(merchants.id, endpoint.merchantId));
    merchantName = merchant?.name ?? null;
  }
  return { emails: [...emails], merchantName };
}
