/**
 * Data access of the event ingest: what a batch checks its events against
 * (receipts, campaigns, wins, tombstones) and storing fresh events. Code
 * uses are in code-use-queries.ts, writing tombstones and forgetting in
 * privacy-queries.ts.
 */
import { sql } from 'drizzle-orm';
import { PARTICIPANT_EVENT_TYPES, type CampaignStatus } from '@backoffice/domain';
import { queryRows, type DbOrTx } from '../../platform/db/client.js';
import {
  campaigns,
  erasedParticipants,
  eventReceipts,
  participationEvents,
  wins,
} from '../../platform/db/schema.js';
import type { AcceptedEvent } from './counting.js';

/** A list of ids or keys as one bound JSON value (a few hundred bound values cost more to build and parse). */
const listOf = (values: readonly string[]) =>
  sql`(select value from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
/** The same, of uuids. */
const uuidsOf = (ids: readonly string[]) =>
  sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/** What a batch's checks need to know of the database. */
export interface BatchFacts {
  /** The event ids with a receipt: received within EVENT_RECEIPT_DAYS, or deleted by an erasure. */
  received: Set<string>;
  /** The known campaigns among the events', by id. */
  campaigns: Map<string, { merchantId: string; type: string; status: CampaignStatus }>;
  /** The wins among the events', by id. */
  wins: Map<string, { campaignId: string; participantId: string }>;
  /** The tombstone keys asked for of participants erased since `erasedAfter`. */
  erased: Set<string>;
}

/**
 * Everything a batch checks its events against, in one statement (one
 * snapshot, taken after the caller's erasure lock): the receipts, the
 * campaigns, the wins and the tombstones. The campaigns' rows are
 * share-locked for the batch, in id order: a deletion (which takes the row's
 * update lock and then asks whether anyone took part) waits for the batch,
 * and a batch waits for a deletion and then sees it.
 */
export async function batchFacts(
  tx: DbOrTx,
  asked: { ids: string[]; campaigns: string[]; wins: string[]; keys: string[]; erasedAfter: Date },
): Promise<BatchFacts> {
  const [row] = await queryRows<{
    received: string[] | null;
    campaigns: { id: string; merchantId: string; type: string; status: CampaignStatus }[] | null;
    wins: { id: string; campaignId: string; participantId: string }[] | null;
    erased: string[] | null;
  }>(
    tx,
    sql`with locked as (
          select id, merchant_id, type, status from ${campaigns}
          where id in ${uuidsOf([...new Set(asked.campaigns)])}
          order by id
          for key share
        )
        select
          (select json_agg(id) from ${eventReceipts} where id in ${uuidsOf(asked.ids)}) as received,
          (select json_agg(json_build_object('id', id, 'merchantId', merchant_id, 'type', type,
            'status', status)) from locked) as campaigns,
          (select json_agg(json_build_object('id', id, 'campaignId', campaign_id,
            'participantId', participant_id))
            from ${wins} where id in ${uuidsOf([...new Set(asked.wins)])}) as wins,
          (select json_agg(key) from ${erasedParticipants}
            where key in ${listOf([...new Set(asked.keys)])}
              and erased_at >= ${asked.erasedAfter.toISOString()}::timestamptz) as erased`,
  );
  return {
    received: new Set(row?.received ?? []),
    campaigns: new Map((row?.campaigns ?? []).map(({ id, ...campaign }) => [id, campaign])),
    wins: new Map((row?.wins ?? []).map(({ id, ...win }) => [id, win])),
    erased: new Set(row?.erased ?? []),
  };
}

/**
 * Takes the events' receipts (their id alone, until `receiptsExpireAt`) and
 * stores the events whose receipt this statement took, in one statement with
 * the batch as one JSON parameter. Receipts are taken in id order, so that
 * concurrent batches meeting on the same ids queue instead of deadlocking
 * (a batch that took a receipt first makes the event a duplicate here);
 * events go in in key order. Returns the ids stored now: an event whose key
 * (time and id) is stored already, sent again unchanged after its receipt
 * ran out, is none of them.
 */
export async function storeFreshEvents(
  tx: DbOrTx,
  events: AcceptedEvent[],
  receiptsExpireAt: Date,
): Promise<string[]> {
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
    sql`with batch as (
          select * from jsonb_to_recordset(${batch}::jsonb)
            as e(id uuid, occurred_at timestamptz, type text, campaign_id uuid, merchant_id uuid, participant_id text)
        ),
        receipted as (
          insert into ${eventReceipts} (id, expires_at)
          select id, ${receiptsExpireAt.toISOString()}::timestamptz from batch
          order by id
          on conflict (id) do nothing
          returning id
        )
        insert into ${participationEvents} (id, occurred_at, type, campaign_id, merchant_id, participant_id)
        select b.id, b.occurred_at, b.type, b.campaign_id, b.merchant_id, b.participant_id
        from batch b join receipted r on r.id = b.id
        order by b.occurred_at, b.id
        on conflict do nothing
        returning id`,
  );
  return rows.map((row) => row.id);
}
