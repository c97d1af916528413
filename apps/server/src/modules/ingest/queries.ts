/**
 * Data access of the event ingest: the batch's campaigns and wins, storing new
 * events once, checking and storing reported access-code uses, and erasing
 * and purging participation data.
 */
import { eq, inArray, lt, sql } from 'drizzle-orm';
import { PARTICIPANT_EVENT_TYPES } from '@backoffice/domain';
import { queryRows, type DbOrTx } from '../../db/client.js';
import {
  accessCodeSetCampaigns,
  accessCodeSets,
  accessCodeUses,
  accessCodes,
  campaignParticipants,
  campaigns,
  merchantParticipants,
  participants,
  participationEvents,
  wins,
} from '../../db/schema.js';
import type { AcceptedEvent } from './counting.js';

/**
 * The merchant and status of each known campaign among the ids, each row
 * share-locked for the batch: a deletion (which takes the row's update lock
 * and then asks whether anyone took part) waits for the batch, and a batch
 * waits for a deletion and then sees it.
 */
export async function campaignsOf(
  tx: DbOrTx,
  ids: string[],
): Promise<Map<string, { merchantId: string; deleted: boolean }>> {
  const unique = [...new Set(ids)].sort();
  const rows = await tx
    .select({ id: campaigns.id, merchantId: campaigns.merchantId, status: campaigns.status })
    .from(campaigns)
    .where(inArray(campaigns.id, unique))
    .orderBy(campaigns.id)
    .for('key share');
  return new Map(
    rows.map((row) => [row.id, { merchantId: row.merchantId, deleted: row.status === 'deleted' }]),
  );
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

/**
 * The raw events not received before (their key, time and id, is the
 * receipt), in one statement with the batch as one JSON parameter (a few
 * thousand bound values would cost more to send and parse), in key order.
 * Returns the ids stored now.
 */
export async function storeNewEvents(tx: DbOrTx, events: AcceptedEvent[]): Promise<string[]> {
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

/** A reported code use as the code-use statements read it (`ord`: its place in the batch). */
export interface CodeUseInput {
  ord: number;
  id: string;
  set_id: string;
  code: string;
  campaign_id: string;
  participant_id: string | null;
  used_at: string;
}

export interface CodeUseCheckRow {
  id: string;
  type: string | null;
  known_code: boolean;
  linked: boolean;
  in_validity: boolean;
  used_before: boolean;
}

/**
 * For each use: the set's type (null: no such set), and whether code, campaign
 * link, validity (from its start up to, not including, its end, as a campaign's
 * runtime) and an earlier receipt hold.
 */
export function codeUseChecks(tx: DbOrTx, uses: CodeUseInput[]): Promise<CodeUseCheckRow[]> {
  const batch = JSON.stringify(uses);
  const recordset = sql`jsonb_to_recordset(${batch}::jsonb)
    as e(id uuid, set_id uuid, code text, campaign_id uuid, participant_id text, used_at timestamptz)`;
  return queryRows<CodeUseCheckRow>(
    tx,
    sql`select e.id, s.type,
          exists (select 1 from ${accessCodes} c where c.set_id = e.set_id and c.code = e.code) as known_code,
          exists (select 1 from ${accessCodeSetCampaigns} l
                  where l.set_id = e.set_id and l.campaign_id = e.campaign_id) as linked,
          (s.valid_from is null or s.valid_from <= e.used_at)
            and (s.valid_until is null or e.used_at < s.valid_until) as in_validity,
          exists (select 1 from ${accessCodeUses} u where u.event_id = e.id) as used_before
        from ${recordset}
        left join ${accessCodeSets} s on s.id = e.set_id`,
  );
}

/**
 * Stores the uses; a unique code's second use (and a resent event) is left
 * out by the unique indexes. Returns the event ids stored now.
 */
export async function insertCodeUses(tx: DbOrTx, uses: CodeUseInput[]): Promise<string[]> {
  const inserted = await queryRows<{ event_id: string }>(
    tx,
    sql`insert into ${accessCodeUses}
          (event_id, set_id, code, unique_code, campaign_id, participant_id, used_at)
        select e.id, e.set_id, e.code, case when s.type = 'unique' then e.code end,
          e.campaign_id, e.participant_id, e.used_at
        from jsonb_to_recordset(${JSON.stringify(uses)}::jsonb)
          as e(ord int, id uuid, set_id uuid, code text, campaign_id uuid, participant_id text, used_at timestamptz)
        join ${accessCodeSets} s on s.id = e.set_id
        -- Every batch writes in the same order (no deadlocks); within one code, the batch's first use wins.
        order by e.set_id, e.code, e.ord
        on conflict do nothing
        returning event_id`,
  );
  return inserted.map((row) => row.event_id);
}

/** The event ids among `ids` that have a stored code use. */
export async function storedCodeUseEvents(tx: DbOrTx, ids: string[]): Promise<string[]> {
  const known = await queryRows<{ event_id: string }>(
    tx,
    sql`select event_id from ${accessCodeUses}
        where event_id in (select id from jsonb_to_recordset(${JSON.stringify(ids.map((id) => ({ id })))}::jsonb) as e(id uuid))`,
  );
  return known.map((row) => row.event_id);
}

/** A random id that stands in for an erased participant (one per row). */
const anonymous = sql`'erased-' || gen_random_uuid()`;

/** Deletes the participant's raw events; how many there were. */
export async function deleteParticipantEvents(tx: DbOrTx, participantId: string): Promise<number> {
  const events = await tx
    .delete(participationEvents)
    .where(eq(participationEvents.participantId, participantId))
    .returning({ id: participationEvents.id });
  return events.length;
}

export async function deleteParticipantProfile(tx: DbOrTx, participantId: string): Promise<void> {
  await tx.delete(participants).where(eq(participants.id, participantId));
}

/**
 * Gives the participant's rows that made them count once (per campaign, per
 * merchant, per win, per code use) a random id instead; the number of campaigns.
 */
export async function pseudonymiseParticipantRows(
  tx: DbOrTx,
  participantId: string,
): Promise<number> {
  const campaignRows = await tx
    .update(campaignParticipants)
    .set({ participantId: anonymous })
    .where(eq(campaignParticipants.participantId, participantId))
    .returning({ id: campaignParticipants.campaignId });
  await tx
    .update(merchantParticipants)
    .set({ participantId: anonymous })
    .where(eq(merchantParticipants.participantId, participantId));
  await tx
    .update(wins)
    .set({ participantId: anonymous })
    .where(eq(wins.participantId, participantId));
  await tx
    .update(accessCodeUses)
    .set({ participantId: anonymous })
    .where(eq(accessCodeUses.participantId, participantId));
  return campaignRows.length;
}

/** Deletes raw events that occurred before `before`; how many. */
export async function deleteEventsBefore(db: DbOrTx, before: Date): Promise<number> {
  const purged = await db
    .delete(participationEvents)
    .where(lt(participationEvents.occurredAt, before))
    .returning({ id: participationEvents.id });
  return purged.length;
}
