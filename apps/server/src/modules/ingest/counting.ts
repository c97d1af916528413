/**
 * Counting fresh events in the ingest transaction: first participations per
 * campaign and merchant (in sorted key order, so that concurrent batches
 * queue instead of deadlocking where they meet the same people), handled
 * wins, what the batch adds to the statistics, appended as deltas, and last
 * the participants' profiles. The rollups and counters every batch shares are
 * written by the fold (fold.ts), one at a time, so batches never wait for
 * each other's rows.
 */
import { type EventType, type TIngestEvent } from '@backoffice/domain';
import { localDay } from '../../platform/calendar.js';
import type { DbOrTx } from '../../platform/db/client.js';
import {
  appendDeltas,
  insertFirstParticipations,
  lowerFirstsWithoutTips,
  markWinsHandled,
  upsertParticipantProfiles,
  type CampaignDayDelta,
  type Counts,
} from './counting-queries.js';

export interface AcceptedEvent extends TIngestEvent {
  merchantId: string;
  /** Whether the event's campaign is a tip (its type never changes). */
  tip: boolean;
  at: Date;
  day: string;
}

/** Sorts by a text key, in code-unit order (collation would cost more and order no better). */
export const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) => {
    const left = key(a);
    const right = key(b);
    return left < right ? -1 : left > right ? 1 : 0;
  };

const VIEW_FIELD: Partial<Record<EventType, 'viewList' | 'viewDetail' | 'viewMail'>> = {
  view_list: 'viewList',
  view_detail: 'viewDetail',
  view_mail: 'viewMail',
};

/** The batch's additions per campaign and day. */
class CampaignDayTally {
  private readonly rows = new Map<string, CampaignDayDelta>();

  of(campaign: string, merchant: string, day: string): Counts {
    const key = `${campaign}|${day}`;
    let row = this.rows.get(key);
    if (!row) {
      row = {
        campaign,
        merchant,
        day,
        counts: {
          participations: 0,
          firstParticipations: 0,
          viewList: 0,
          viewDetail: 0,
          viewMail: 0,
          newParticipants: 0,
          newParticipantsWithoutTips: 0,
        },
      };
      this.rows.set(key, row);
    }
    return row.counts;
  }

  all(): CampaignDayDelta[] {
    return [...this.rows.values()];
  }
}

/**
 * Counts fresh events: first participations, handled wins, the statistics'
 * deltas, profiles. The time zone is that of the events' days.
 */
export async function countEvents(
  tx: DbOrTx,
  events: AcceptedEvent[],
  timeZone: string,
): Promise<void> {
  const takingPart = events
    .filter((event) => event.type === 'participation')
    .map((event) => ({
      campaign: event.campaign,
      merchant: event.merchantId,
      tip: event.tip,
      participant: event.participant ?? '',
      at: event.at,
      day: event.day,
      profile: event.profile,
    }));

  // First participations per campaign and per merchant: whoever inserts the row first counts it.
  const firstInCampaign = await insertFirsts(tx, 'campaign', takingPart);
  const firstAtMerchant = await insertFirsts(tx, 'merchant', takingPart);

  const tally = new CampaignDayTally();
  for (const event of events) {
    const counts = tally.of(event.campaign, event.merchantId, event.day);
    if (event.type === 'participation') counts.participations += 1;
    const view = VIEW_FIELD[event.type];
    if (view) counts[view] += 1;
  }
  for (const first of firstInCampaign) {
    tally.of(first.campaign, first.merchant, first.day).firstParticipations += 1;
  }
  // A merchant's new participant counts with the campaign they first took part in.
  for (const first of firstAtMerchant) {
    tally.of(first.campaign, first.merchant, first.day).newParticipants += 1;
  }
  // The same without tips: a participant's earliest first participation in a campaign that is no tip.
  for (const first of await lowerFirstsWithoutTips(tx, earliestWithoutTips(firstInCampaign))) {
    const { campaign, merchant, day } = first.participation;
    tally.of(campaign, merchant, day).newParticipantsWithoutTips += 1;
    if (first.replaced) {
      tally.of(campaign, merchant, localDay(first.replaced, timeZone)).newParticipantsWithoutTips -=
        1;
    }
  }

  const handled = events.filter((event) => event.type === 'win_handled' && event.win);
  if (handled.length > 0) {
    await markWinsHandled(
      tx,
      handled.map((event) => event.win ?? ''),
    );
  }
  // The kid statistics of the participants seen first: per campaign, and per merchant (no campaign).
  await appendDeltas(tx, tally.all(), [
    ...firstInCampaign,
    ...firstAtMerchant.map((first) => ({ ...first, campaign: null })),
  ]);
  // Last, so that the participants' rows are held for the shortest time.
  await storeProfiles(tx, events);
}

/**
 * Stores the participants' latest profiles from fresh events (in time order:
 * the last one wins, within the batch and against the stored profile's event
 * time), in the counting transaction and in participant order: a profile is
 * stored exactly when its event is, and a duplicate changes nothing.
 */
async function storeProfiles(tx: DbOrTx, events: AcceptedEvent[]): Promise<void> {
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
      at: event.at,
    }));
  if (rows.length > 0) await upsertParticipantProfiles(tx, rows);
}

interface Participation {
  campaign: string;
  merchant: string;
  tip: boolean;
  participant: string;
  at: Date;
  day: string;
  /** The profile the event came with, if any. */
  profile: AcceptedEvent['profile'];
}

/**
 * Inserts the (campaign or merchant, participant) pairs not yet known, each
 * with its earliest participation of the batch; returns the participations
 * this call inserted a pair for.
 */
async function insertFirsts(
  tx: DbOrTx,
  owner: 'campaign' | 'merchant',
  participations: Participation[],
): Promise<Participation[]> {
  const ownerOf = (p: Participation) => (owner === 'campaign' ? p.campaign : p.merchant);
  const earliest = new Map<string, Participation>();
  for (const participation of participations) {
    const key = `${ownerOf(participation)}|${participation.participant}`;
    const known = earliest.get(key);
    if (!known || participation.at < known.at) earliest.set(key, participation);
  }
  if (earliest.size === 0) return [];
  const sorted = [...earliest.entries()].sort(byKey(([key]) => key)).map(([, value]) => value);
  const inserted = await insertFirstParticipations(
    tx,
    owner,
    sorted.map((p) => ({ owner: ownerOf(p), participant: p.participant, at: p.at })),
  );
  const insertedKeys = new Set(inserted.map((row) => `${row.owner}|${row.participant}`));
  return sorted.filter((p) => insertedKeys.has(`${ownerOf(p)}|${p.participant}`));
}

/**
 * The earliest of the first participations (the campaign rows just
 * inserted) per merchant and participant, tips left out, in key order.
 */
function earliestWithoutTips(firsts: Participation[]): Participation[] {
  const earliest = new Map<string, Participation>();
  for (const first of firsts) {
    if (first.tip) continue;
    const key = `${first.merchant}|${first.participant}`;
    const known = earliest.get(key);
    if (!known || first.at < known.at) earliest.set(key, first);
  }
  return [...earliest.entries()].sort(byKey(([key]) => key)).map(([, value]) => value);
}
