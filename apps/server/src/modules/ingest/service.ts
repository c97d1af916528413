/**
 * Receives the consumer app's events: each is checked on its own, stored once
 * (by its id), and counted into the campaign's counters and the daily rollups
 * in the same transaction, so that counters and rollups always agree with
 * the events stored. Rows are written in a fixed order (sorted keys), so that
 * concurrent batches wait for each other instead of deadlocking.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ZIngestEvent,
  type EventType,
  type TIngestEvent,
  type TIngestResponse,
} from '@backoffice/domain';
import type { AppContext } from '../../app-context.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import {
  campaignDailyStats,
  campaignParticipants,
  campaigns,
  eventReceipts,
  merchantDailyStats,
  merchantParticipants,
  participants,
  participationEvents,
  wins,
} from '../../db/schema.js';
import { localDay } from '../../calendar.js';

type Rejection = TIngestResponse['rejected'][number];

interface AcceptedEvent extends TIngestEvent {
  merchantId: string;
  at: Date;
  day: string;
}

/** Events checked one by one: the valid ones, and the others with their reason. */
function parseEvents(raw: unknown[]): {
  valid: { index: number; event: TIngestEvent }[];
  rejected: Rejection[];
} {
  const valid: { index: number; event: TIngestEvent }[] = [];
  const rejected: Rejection[] = [];
  const seen = new Set<string>();
  raw.forEach((candidate, index) => {
    const parsed = ZIngestEvent.safeParse(candidate);
    const id =
      typeof candidate === 'object' &&
      candidate !== null &&
      typeof (candidate as { id?: unknown }).id === 'string'
        ? String((candidate as { id: string }).id).slice(0, 64)
        : null;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const missing = issue?.code === 'invalid_type' && issue.input === undefined;
      const keyed = issue?.message === 'required_field_missing';
      rejected.push({
        index,
        id,
        message: missing || keyed ? 'required_field_missing' : 'invalid_value',
        ...(issue && issue.path.length > 0 ? { field: issue.path.join('.') } : {}),
      });
      return;
    }
    // The same id twice in one batch counts once, like a resend.
    if (seen.has(parsed.data.id)) return;
    seen.add(parsed.data.id);
    valid.push({ index, event: parsed.data });
  });
  return { valid, rejected };
}

const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) =>
    key(a).localeCompare(key(b));

interface Counts {
  participations: number;
  firstParticipations: number;
  viewList: number;
  viewDetail: number;
  viewMail: number;
  newParticipants: number;
}
const emptyCounts = (): Counts => ({
  participations: 0,
  firstParticipations: 0,
  viewList: 0,
  viewDetail: 0,
  viewMail: 0,
  newParticipants: 0,
});
const VIEW_FIELD: Partial<Record<EventType, 'viewList' | 'viewDetail' | 'viewMail'>> = {
  view_list: 'viewList',
  view_detail: 'viewDetail',
  view_mail: 'viewMail',
};

function tally<K>(map: Map<string, { key: K; counts: Counts }>, id: string, key: K) {
  let entry = map.get(id);
  if (!entry) {
    entry = { key, counts: emptyCounts() };
    map.set(id, entry);
  }
  return entry.counts;
}

export async function ingestEvents(ctx: AppContext, raw: unknown[]): Promise<TIngestResponse> {
  const { valid, rejected } = parseEvents(raw);
  if (valid.length === 0) return { accepted: 0, duplicates: 0, rejected };
  const timeZone = ctx.config.web.timeZone;
  const oldest = new Date(Date.now() - ctx.config.stats.eventRetentionDays * 24 * 3600_000);
  const latest = new Date(Date.now() + 24 * 3600_000);
  const result = await ctx.db.transaction(async (tx) => {
    const known = await campaignsOf(
      tx,
      valid.map(({ event }) => event.campaign),
    );
    const handledWins = await winsOf(
      tx,
      valid.flatMap(({ event }) => (event.win ? [event.win] : [])),
    );
    const accepted: AcceptedEvent[] = [];
    for (const { index, event } of valid) {
      const merchantId = known.get(event.campaign);
      if (!merchantId) {
        rejected.push({
          index,
          id: event.id,
          message: 'not_found',
          field: 'campaign',
        });
        continue;
      }
      if (event.type === 'win_handled') {
        const win = event.win ? handledWins.get(event.win) : undefined;
        if (!win || win.campaignId !== event.campaign || win.participantId !== event.participant) {
          rejected.push({ index, id: event.id, message: 'not_found', field: 'win' });
          continue;
        }
      }
      const at = new Date(event.occurred_at);
      // Older than the retention period, or more than a day ahead: not a real event.
      if (at < oldest || at > latest) {
        rejected.push({ index, id: event.id, message: 'invalid_value', field: 'occurred_at' });
        continue;
      }
      accepted.push({ ...event, merchantId, at, day: localDay(at, timeZone) });
    }
    if (accepted.length === 0) return { accepted: 0, duplicates: 0 };

    // Idempotency: only events whose id is new are stored and counted.
    accepted.sort(byKey((event) => event.id));
    const fresh = new Set(await storeNewEvents(tx, accepted));
    const events = accepted.filter((event) => fresh.has(event.id));
    if (events.length > 0) await countEvents(tx, events);
    return { accepted: events.length, duplicates: accepted.length - events.length };
  });
  rejected.sort((a, b) => a.index - b.index);
  return { ...result, rejected };
}

async function campaignsOf(tx: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: campaigns.id, merchantId: campaigns.merchantId })
    .from(campaigns)
    .where(inArray(campaigns.id, unique));
  return new Map(rows.map((row) => [row.id, row.merchantId]));
}

async function winsOf(tx: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, typeof wins.$inferSelect>();
  const rows = await tx
    .select()
    .from(wins)
    .where(inArray(wins.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Receipts and raw events of the events not received before, in one statement
 * with the batch as one JSON parameter (a few thousand bound values would cost
 * more to send and parse). Returns the ids stored now.
 */
async function storeNewEvents(tx: DbOrTx, events: AcceptedEvent[]): Promise<string[]> {
  const batch = JSON.stringify(
    events.map((event) => ({
      id: event.id,
      occurred_at: event.at.toISOString(),
      type: event.type,
      campaign_id: event.campaign,
      merchant_id: event.merchantId,
      participant_id: event.participant ?? null,
    })),
  );
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`with batch as (
          select * from jsonb_to_recordset(${batch}::jsonb)
            as e(id uuid, occurred_at timestamptz, type text, campaign_id uuid, merchant_id uuid, participant_id text)
        ), fresh as (
          insert into ${eventReceipts} (id, occurred_at)
          select id, occurred_at from batch
          on conflict do nothing
          returning id
        )
        insert into ${participationEvents} (id, occurred_at, type, campaign_id, merchant_id, participant_id)
        select batch.id, batch.occurred_at, batch.type, batch.campaign_id, batch.merchant_id, batch.participant_id
        from batch join fresh on fresh.id = batch.id
        returning id`,
  );
  return rows.map((row) => row.id);
}

/** Counts stored events into the participants, counters and rollups. */
async function countEvents(tx: DbOrTx, events: AcceptedEvent[]): Promise<void> {
  const takingPart = events
    .filter((event) => event.type === 'participation')
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  await upsertProfiles(tx, takingPart);

  // First participations per campaign and per merchant: whoever inserts the row first counts it.
  const firstInCampaign = await insertFirsts(
    tx,
    campaignParticipants,
    takingPart.map((event) => ({
      owner: event.campaign,
      merchant: event.merchantId,
      participant: event.participant ?? '',
      at: event.at,
      day: event.day,
    })),
  );
  const firstAtMerchant = await insertFirsts(
    tx,
    merchantParticipants,
    takingPart.map((event) => ({
      owner: event.merchantId,
      merchant: event.merchantId,
      participant: event.participant ?? '',
      at: event.at,
      day: event.day,
    })),
  );

  const perCampaignDay = new Map<
    string,
    { key: { campaign: string; merchant: string; day: string }; counts: Counts }
  >();
  const perMerchantDay = new Map<
    string,
    { key: { merchant: string; day: string }; counts: Counts }
  >();
  const perCampaign = new Map<string, { key: string; counts: Counts }>();
  for (const event of events) {
    const counts = [
      tally(perCampaignDay, `${event.campaign}|${event.day}`, {
        campaign: event.campaign,
        merchant: event.merchantId,
        day: event.day,
      }),
      tally(perMerchantDay, `${event.merchantId}|${event.day}`, {
        merchant: event.merchantId,
        day: event.day,
      }),
      tally(perCampaign, event.campaign, event.campaign),
    ];
    const view = VIEW_FIELD[event.type];
    for (const count of counts) {
      if (event.type === 'participation') count.participations += 1;
      if (view) count[view] += 1;
    }
  }
  for (const first of firstInCampaign) {
    const { merchant } = first;
    tally(perCampaignDay, `${first.owner}|${first.day}`, {
      campaign: first.owner,
      merchant,
      day: first.day,
    }).firstParticipations += 1;
    tally(perMerchantDay, `${merchant}|${first.day}`, {
      merchant,
      day: first.day,
    }).firstParticipations += 1;
    tally(perCampaign, first.owner, first.owner).firstParticipations += 1;
  }
  for (const first of firstAtMerchant) {
    tally(perMerchantDay, `${first.owner}|${first.day}`, {
      merchant: first.owner,
      day: first.day,
    }).newParticipants += 1;
  }

  const handled = events.filter((event) => event.type === 'win_handled' && event.win);
  if (handled.length > 0) {
    await tx
      .update(wins)
      .set({ status: 'handled', handledAt: sql`now()` })
      .where(
        and(
          inArray(
            wins.id,
            handled.map((event) => event.win ?? ''),
          ),
          eq(wins.status, 'pending'),
        ),
      );
  }

  await addRollups(
    tx,
    [...perCampaignDay.entries()].sort(([a], [b]) => a.localeCompare(b)),
    [...perMerchantDay.entries()].sort(([a], [b]) => a.localeCompare(b)),
  );

  await addToCampaignCounters(
    tx,
    [...perCampaign.entries()].sort(([a], [b]) => a.localeCompare(b)),
  );
}

/**
 * Adds to the counters of many campaigns in two statements: their rows are
 * locked in id order first (as every batch does, so batches never deadlock),
 * then updated together.
 */
async function addToCampaignCounters(
  tx: DbOrTx,
  perCampaign: [string, { key: string; counts: Counts }][],
) {
  if (perCampaign.length === 0) return;
  const ids = perCampaign.map(([id]) => id);
  await tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(inArray(campaigns.id, ids))
    .orderBy(campaigns.id)
    .for('update');
  const rows = sql.join(
    perCampaign.map(
      ([id, { counts }]) =>
        sql`(${id}::uuid, ${counts.participations}::int, ${counts.firstParticipations}::int, ${counts.viewList}::int, ${counts.viewDetail}::int, ${counts.viewMail}::int)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${campaigns} set
      participations = ${campaigns.participations} + v.participations,
      distinct_users = ${campaigns.distinctUsers} + v.firsts,
      view_list = ${campaigns.viewList} + v.view_list,
      view_detail = ${campaigns.viewDetail} + v.view_detail,
      view_mail = ${campaigns.viewMail} + v.view_mail
    from (values ${rows}) as v(id, participations, firsts, view_list, view_detail, view_mail)
    where ${campaigns.id} = v.id`);
}

/** The participant's latest profile (events in time order: the last one wins). */
async function upsertProfiles(tx: DbOrTx, takingPart: AcceptedEvent[]) {
  const latest = new Map<string, AcceptedEvent>();
  for (const event of takingPart) if (event.participant) latest.set(event.participant, event);
  const rows = [...latest.values()]
    .sort(byKey((event) => event.participant ?? ''))
    .map((event) => ({
      id: event.participant ?? '',
      gender: event.profile?.gender ?? null,
      birthYear: event.profile?.birth_year ?? null,
      kids: event.profile?.kids ?? [],
      hasProfile: event.profile !== undefined,
    }));
  if (rows.length === 0) return;
  const withProfile = rows.filter((row) => row.hasProfile).map(({ hasProfile: _, ...row }) => row);
  const without = rows.filter((row) => !row.hasProfile).map(({ id }) => ({ id }));
  if (withProfile.length > 0) {
    await tx
      .insert(participants)
      .values(withProfile)
      .onConflictDoUpdate({
        target: participants.id,
        set: {
          gender: sql`excluded.gender`,
          birthYear: sql`excluded.birth_year`,
          kids: sql`excluded.kids`,
          updatedAt: sql`now()`,
        },
      });
  }
  if (without.length > 0) await tx.insert(participants).values(without).onConflictDoNothing();
}

interface FirstCandidate {
  owner: string;
  merchant: string;
  participant: string;
  at: Date;
  day: string;
}

/** Inserts (owner, participant) pairs not yet known; returns those this call inserted. */
async function insertFirsts(
  tx: DbOrTx,
  table: typeof campaignParticipants | typeof merchantParticipants,
  candidates: FirstCandidate[],
): Promise<FirstCandidate[]> {
  const earliest = new Map<string, FirstCandidate>();
  for (const candidate of candidates) {
    const key = `${candidate.owner}|${candidate.participant}`;
    const known = earliest.get(key);
    if (!known || candidate.at < known.at) earliest.set(key, candidate);
  }
  if (earliest.size === 0) return [];
  const sorted = [...earliest.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, value]) => value);
  const batch = JSON.stringify(
    sorted.map((c) => ({ owner: c.owner, participant: c.participant, at: c.at.toISOString() })),
  );
  const ownerColumn = table === campaignParticipants ? sql`campaign_id` : sql`merchant_id`;
  // One JSON parameter for the whole batch; the rows go in sorted order.
  const inserted = await queryRows<{ owner: string; participant: string }>(
    tx,
    sql`insert into ${table} (${ownerColumn}, participant_id, first_at)
        select owner, participant, at
        from jsonb_to_recordset(${batch}::jsonb) as c(owner uuid, participant text, at timestamptz)
        order by owner, participant
        on conflict do nothing
        returning ${ownerColumn}::text as owner, participant_id as participant`,
  );
  const insertedKeys = new Set(inserted.map((row) => `${row.owner}|${row.participant}`));
  return sorted.filter((c) => insertedKeys.has(`${c.owner}|${c.participant}`));
}

const addCounts = (table: typeof campaignDailyStats | typeof merchantDailyStats) => ({
  participations: sql`${table.participations} + excluded.participations`,
  firstParticipations: sql`${table.firstParticipations} + excluded.first_participations`,
  viewList: sql`${table.viewList} + excluded.view_list`,
  viewDetail: sql`${table.viewDetail} + excluded.view_detail`,
  viewMail: sql`${table.viewMail} + excluded.view_mail`,
});

async function addRollups(
  tx: DbOrTx,
  perCampaignDay: [
    string,
    { key: { campaign: string; merchant: string; day: string }; counts: Counts },
  ][],
  perMerchantDay: [string, { key: { merchant: string; day: string }; counts: Counts }][],
) {
  if (perCampaignDay.length > 0) {
    await tx
      .insert(campaignDailyStats)
      .values(
        perCampaignDay.map(([, { key, counts }]) => ({
          campaignId: key.campaign,
          merchantId: key.merchant,
          day: key.day,
          participations: counts.participations,
          firstParticipations: counts.firstParticipations,
          viewList: counts.viewList,
          viewDetail: counts.viewDetail,
          viewMail: counts.viewMail,
        })),
      )
      .onConflictDoUpdate({
        target: [campaignDailyStats.campaignId, campaignDailyStats.day],
        set: addCounts(campaignDailyStats),
      });
  }
  if (perMerchantDay.length > 0) {
    await tx
      .insert(merchantDailyStats)
      .values(
        perMerchantDay.map(([, { key, counts }]) => ({
          merchantId: key.merchant,
          day: key.day,
          ...counts,
        })),
      )
      .onConflictDoUpdate({
        target: [merchantDailyStats.merchantId, merchantDailyStats.day],
        set: {
          ...addCounts(merchantDailyStats),
          newParticipants: sql`${merchantDailyStats.newParticipants} + excluded.new_participants`,
        },
      });
  }
}
