/**
 * Data access of participants' privacy: the installation's secrets, the
 * tombstones of erased participants, forgetting participants, and the
 * retention's purges and its sweep for participants without raw events.
 */
import { eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../platform/db/client.js';
import {
  accessCodeUses,
  campaignParticipants,
  erasedParticipants,
  eventReceipts,
  FORGOTTEN_PREFIX,
  installationSecrets,
  merchantParticipants,
  merchantParticipantsWithoutTips,
  participants,
  participationEvents,
  systemSettings,
  wins,
} from '../../platform/db/schema.js';

/**
 * The installation's secret of this name (hex), made at first use: of two
 * processes making it at once, one inserts and both read that one.
 */
export async function installationSecret(db: DbOrTx, name: string, fresh: string): Promise<string> {
  await db.insert(installationSecrets).values({ name, secret: fresh }).onConflictDoNothing();
  const [row] = await queryRows<{ secret: string }>(
    db,
    sql`select secret from ${installationSecrets} where name = ${name}`,
  );
  if (!row) throw new Error(`installation secret ${name} missing after its insert`);
  return row.secret;
}

/** Leaves the tombstone of an erased participant (a keyed hash); erasing again renews it. */
export async function insertTombstone(tx: DbOrTx, key: string): Promise<void> {
  await tx
    .insert(erasedParticipants)
    .values({ key })
    .onConflictDoUpdate({ target: erasedParticipants.key, set: { erasedAt: sql`now()` } });
}

/** Deletes the tombstones of erasures before `before`; how many. */
export async function deleteTombstonesBefore(db: DbOrTx, before: Date): Promise<number> {
  const deleted = await db
    .delete(erasedParticipants)
    .where(lt(erasedParticipants.erasedAt, before))
    .returning({ key: erasedParticipants.key });
  return deleted.length;
}

/** A random id that stands in for a forgotten participant (one per row). */
const anonymous = sql`${FORGOTTEN_PREFIX}::text || gen_random_uuid()::text`;

/**
 * Forgets the participants, set-based: deletes their raw events and profiles,
 * and gives the rows that made them count once (per campaign, per merchant
 * with and without tips, per win, per code use) a random id each, so counters and rollups stay as
 * they were while nothing links back. The caller holds the erasure lock
 * alone. Returns the raw events deleted and the campaign rows pseudonymised.
 */
export async function forgetParticipants(
  tx: DbOrTx,
  ids: string[],
  retentionDays: number,
): Promise<{ events: number; campaigns: number }> {
  if (ids.length === 0) return { events: 0, campaigns: 0 };
  // The deleted events' ids stay receipts until the events would be too old
  // for ingest: a batch sent again after the erasure is answered as duplicates.
  const [deleted] = await queryRows<{ events: number }>(
    tx,
    sql`with deleted as (
          delete from ${participationEvents}
          where participant_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
          returning id, occurred_at),
        kept as (
          insert into ${eventReceipts} (id, expires_at)
          select id, max(occurred_at) + make_interval(days => ${retentionDays}::int) from deleted
          group by id order by id
          on conflict (id) do update
            set expires_at = greatest(${eventReceipts.expiresAt}, excluded.expires_at)
          returning 1)
        select (select count(*) from deleted)::int as events, (select count(*) from kept)::int as kept`,
  );
  await tx.delete(participants).where(inArray(participants.id, ids));
  const campaignRows = await tx
    .update(campaignParticipants)
    .set({ participantId: anonymous })
    .where(inArray(campaignParticipants.participantId, ids))
    .returning({ id: campaignParticipants.campaignId });
  await tx
    .update(merchantParticipants)
    .set({ participantId: anonymous })
    .where(inArray(merchantParticipants.participantId, ids));
  await tx
    .update(merchantParticipantsWithoutTips)
    .set({ participantId: anonymous })
    .where(inArray(merchantParticipantsWithoutTips.participantId, ids));
  await tx.update(wins).set({ participantId: anonymous }).where(inArray(wins.participantId, ids));
  await tx
    .update(accessCodeUses)
    .set({ participantId: anonymous })
    .where(inArray(accessCodeUses.participantId, ids));
  return { events: deleted?.events ?? 0, campaigns: campaignRows.length };
}

/** The ids among `ids` that no raw event names (any more). */
export async function withoutEvents(tx: DbOrTx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select r.id from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as r(id)
        where not exists (select 1 from ${participationEvents} e where e.participant_id = r.id)
        order by r.id`,
  );
  return rows.map((row) => row.id);
}

/** A raw event's key. */
export interface EventKey {
  occurred_at: string;
  id: string;
}

/**
 * Up to `limit` raw events that occurred before `before`, oldest first: their
 * keys and the participants they name.
 */
export async function eventsBefore(
  db: DbOrTx,
  before: Date,
  limit: number,
): Promise<{ keys: EventKey[]; participants: string[] }> {
  const rows = await queryRows<EventKey & { participant_id: string | null }>(
    db,
    // The time as text: every microsecond of it, which a Date would drop.
    sql`select occurred_at::text as occurred_at, id, participant_id from ${participationEvents}
        where occurred_at < ${before.toISOString()}::timestamptz
        order by occurred_at, id limit ${limit}`,
  );
  const named = new Set<string>();
  for (const row of rows) if (row.participant_id !== null) named.add(row.participant_id);
  return {
    keys: rows.map((row) => ({ occurred_at: row.occurred_at, id: row.id })),
    participants: [...named],
  };
}

/** Deletes the raw events with these keys; how many there were. */
export async function deleteEvents(db: DbOrTx, keys: EventKey[]): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from ${participationEvents} e
        using jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k(occurred_at timestamptz, id uuid)
        where e.occurred_at = k.occurred_at and e.id = k.id
        returning e.id`,
  );
  return rows.length;
}

/** Deletes up to `limit` receipts that ran out before `now`; how many. */
export async function deleteExpiredReceipts(db: DbOrTx, now: Date, limit: number): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from ${eventReceipts}
        where id in (
          select id from ${eventReceipts}
          where expires_at < ${now.toISOString()}::timestamptz limit ${limit})
        returning id`,
  );
  return rows.length;
}

/**
 * The next `limit` participant ids after `after` (in the database's text
 * order) that any table of participation data names, forgotten ones left
 * out: a page of the sweep for participants without raw events.
 */
export async function participantIdPage(
  db: DbOrTx,
  after: string,
  limit: number,
): Promise<string[]> {
  // Each source's first `limit` distinct ids (an index scan each): together
  // they hold the first `limit` of all sources, whatever their overlap.
  const first = (table: SQL, column: SQL) =>
    sql`(select distinct ${column} as id from ${table}
         where ${column} > ${after} and ${column} not like ${`${FORGOTTEN_PREFIX}%`}
         order by 1 limit ${limit})`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from (
          ${first(sql`${participants}`, sql`id`)}
          union ${first(sql`${merchantParticipants}`, sql`participant_id`)}
          union ${first(sql`${accessCodeUses}`, sql`participant_id`)}
        ) ids
        order by id limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

/** Where the sweep for participants without raw events stands (kept across runs and processes). */
export interface ParticipantSweepState {
  /** The last participant id looked at: the next page starts after it. */
  after?: string;
  /** When the sweep had been through every participant. */
  done?: string;
}

const SWEEP_KEY = 'retention_participant_sweep';

export async function participantSweepState(db: DbOrTx): Promise<ParticipantSweepState> {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, SWEEP_KEY));
  // What saveParticipantSweepState stored; nothing before the first sweep.
  return row?.value ?? {};
}

export async function saveParticipantSweepState(
  db: DbOrTx,
  state: ParticipantSweepState,
): Promise<void> {
  await db
    .insert(systemSettings)
    .values({ key: SWEEP_KEY, value: state })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value: state } });
}
