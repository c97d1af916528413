/**
 * Counting stored events: participant profiles, first participations per
 * campaign and merchant, the daily rollups and the campaign counters, all in
 * the ingest transaction and in sorted key order (so that concurrent batches
 * queue instead of deadlocking). The statements are in counting-queries.ts.
 */
import { type EventType, type TIngestEvent } from '@backoffice/domain';
import type { DbOrTx } from '../../db/client.js';
import {
  addCampaignCounters,
  addKidStats,
  addCampaignDayRollups,
  addMerchantDayRollups,
  insertFirstParticipations,
  lockCampaignsInIdOrder,
  markWinsHandled,
  upsertParticipantProfiles,
  type Counts,
} from './counting-queries.js';

export interface AcceptedEvent extends TIngestEvent {
  merchantId: string;
  at: Date;
  day: string;
}

/** Sorts by a text key: the order every batch writes its rows in. */
export const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) =>
    key(a).localeCompare(key(b));

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

/** Counts stored events into the participants, counters and rollups. */
export async function countEvents(tx: DbOrTx, events: AcceptedEvent[]): Promise<void> {
  const takingPart = events
    .filter((event) => event.type === 'participation')
    .sort((a, b) => a.at.getTime() - b.at.getTime());

  // First participations per campaign and per merchant: whoever inserts the row first counts it.
  const firstInCampaign = await insertFirsts(
    tx,
    'campaign',
    takingPart.map((event) => ({
      owner: event.campaign,
      merchant: event.merchantId,
      participant: event.participant ?? '',
      at: event.at,
      day: event.day,
      profile: event.profile,
    })),
  );
  const firstAtMerchant = await insertFirsts(
    tx,
    'merchant',
    takingPart.map((event) => ({
      owner: event.merchantId,
      merchant: event.merchantId,
      participant: event.participant ?? '',
      at: event.at,
      day: event.day,
      profile: event.profile,
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
    await markWinsHandled(
      tx,
      handled.map((event) => event.win ?? ''),
    );
  }

  // From here on the rows are shared by every batch of the day: these
  // statements run last and together, so that a batch holds their locks briefly.
  if (firstInCampaign.length > 0) await addKidStats(tx, 'campaign', firstInCampaign);
  if (firstAtMerchant.length > 0) await addKidStats(tx, 'merchant', firstAtMerchant);
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
  await lockCampaignsInIdOrder(
    tx,
    perCampaign.map(([id]) => id),
  );
  await addCampaignCounters(
    tx,
    perCampaign.map(([id, { counts }]) => ({ id, counts })),
  );
}

/**
 * Stores the participants' latest profiles (events in time order: the last
 * one wins), in its own short transaction after the batch was counted: the
 * kid statistics take a new participant's profile from the event itself, so
 * the counting transaction never waits on a participant's row that another
 * batch is writing.
 */
export async function storeProfiles(db: DbOrTx, events: AcceptedEvent[]): Promise<void> {
  const latest = new Map<string, AcceptedEvent>();
  const inTimeOrder = events
    .filter((event) => event.type === 'participation' && event.profile && event.participant)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const event of inTimeOrder) latest.set(event.participant ?? '', event);
  const rows = [...latest.values()]
    .sort(byKey((event) => event.participant ?? ''))
    .map((event) => ({
      id: event.participant ?? '',
      gender: event.profile?.gender ?? null,
      birthYear: event.profile?.birth_year ?? null,
      kids: event.profile?.kids ?? [],
    }));
  if (rows.length > 0) await upsertParticipantProfiles(db, rows);
}

interface FirstCandidate {
  owner: string;
  merchant: string;
  participant: string;
  at: Date;
  day: string;
  /** The profile the event came with, if any. */
  profile: AcceptedEvent['profile'];
}

/** Inserts (owner, participant) pairs not yet known; returns those this call inserted. */
async function insertFirsts(
  tx: DbOrTx,
  owner: 'campaign' | 'merchant',
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
  const inserted = await insertFirstParticipations(tx, owner, sorted);
  const insertedKeys = new Set(inserted.map((row) => `${row.owner}|${row.participant}`));
  return sorted.filter((c) => insertedKeys.has(`${c.owner}|${c.participant}`));
}

async function addRollups(
  tx: DbOrTx,
  perCampaignDay: [
    string,
    { key: { campaign: string; merchant: string; day: string }; counts: Counts },
  ][],
  perMerchantDay: [string, { key: { merchant: string; day: string }; counts: Counts }][],
) {
  if (perCampaignDay.length > 0) {
    await addCampaignDayRollups(
      tx,
      perCampaignDay.map(([, entry]) => entry),
    );
  }
  if (perMerchantDay.length > 0) {
    await addMerchantDayRollups(
      tx,
      perMerchantDay.map(([, entry]) => entry),
    );
  }
}
