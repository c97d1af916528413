/**
 * Data access of the event ingest: the batch's campaigns and wins, the
 * events' receipts and storing new events. Code uses are in
 * code-use-queries.ts, tombstones and forgetting in privacy-queries.ts.
 */
import { inArray, sql } from 'drizzle-orm';
import { PARTICIPANT_EVENT_TYPES, type CampaignStatus } from '@backoffice/domain';
import { queryRows, type DbOrTx } from '../../platform/db/client.js';
import { campaigns, eventReceipts, participationEvents, wins } from '../../platform/db/schema.js';
import type { AcceptedEvent } from './counting.js';

/**
 * The merchant, type and status of each known campaign among the ids, each row
 * share-locked for the batch: a deletion (which takes the row's update lock
 * and then asks whether anyone took part) waits for the batch, and a batch
 * waits for a deletion and then sees it.
 */
export async function campaignsOf(
  tx: DbOrTx,
  ids: string[],
): Promise<Map<string, { merchantId: string; type: string; status: CampaignStatus }>> {
  const unique = [...new Set(ids)].sort();
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({
      id: campaigns.id,
      merchantId: campaigns.merchantId,
      type: campaigns.type,
      status: campaigns.status,
    })
    .from(campaigns)
    .where(inArray(campaigns.id, unique))
    .orderBy(campaigns.id)
    .for('key share');
  return new Map(rows.map(({ id, ...campaign }) => [id, campaign]));
}

/** The wins among the ids, by id. */
export async function winsOf(tx: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, typeof wins.$inferSelect>();
  const rows = await tx
    .select()
    .from(wins)
    .where(inArray(wins.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The JSON parameter of a list of ids (one bound value, however many ids). */
const idList = (ids: readonly string[]) =>
  sql`(select id from jsonb_to_recordset(${JSON.stringify(ids.map((id) => ({ id })))}::jsonb) as r(id uuid))`;

/**
 * The ids among `ids` that have a receipt: events received within
 * EVENT_RECEIPT_DAYS, or deleted by an erasure, whatever time they carried.
 */
export async function receivedBefore(tx: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from ${eventReceipts} where id in ${idList(ids)}`,
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * Takes the receipts of the events (their id alone, until `expiresAt`) in id
 * order, so that concurrent batches meeting on the same ids queue instead of
 * deadlocking. Returns the ids whose receipt this call inserted.
 */
export async function insertReceipts(
  tx: DbOrTx,
  events: AcceptedEvent[],
  expiresAt: Date,
): Promise<string[]> {
  const batch = JSON.stringify(events.map((event) => ({ id: event.id })));
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into ${eventReceipts} (id, expires_at)
        select id, ${expiresAt.toISOString()}::timestamptz
        from jsonb_to_recordset(${batch}::jsonb) as e(id uuid)
        order by id
        on conflict (id) do nothing
        returning id`,
  );
  return rows.map((row) => row.id);
}

/**
 * Stores raw events whose receipts this transaction took, in one statement
 * with the batch as one JSON parameter (a few thousand bound values would
 * cost more to send and parse), in key order. Returns the ids stored now: an
 * event whose key (time and id) is stored already, sent again unchanged after
 * its receipt ran out, is none of them.
 */
export async function storeEvents(tx: DbOrTx, events: AcceptedEvent[]): Promise<string[]> {
  const batch = JSON.stringify(
    events.map((event) => ({
      id: event.id,
      occurred_at: event.at.toISOString(),
      type: event.type,
      campaign_id: event.campaign,
      merchant_id: event.merchantId,
      // Data minimisation: only events about a participant keep who it was.
      participant_id: PARTICIPANT_EVENT_TYPES.includes(event.type)
        ? (event.participant ?? null)
        : null,
    })),
  );
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into ${participationEvents} (id, occurred_at, type, campaign_id, merchant_id, participant_id)
        select id, occurred_at, type, campaign_id, merchant_id, participant_id
        from jsonb_to_recordset(${batch}::jsonb)
          as e(id uuid, occurred_at timestamptz, type text, campaign_id uuid, merchant_id uuid, participant_id text)
        order by occurred_at, id
        on conflict do nothing
        returning id`,
  );
  return rows.map((row) => row.id);
}
