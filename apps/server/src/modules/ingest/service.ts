/**
 * Receives the consumer app's events: each is checked on its own, and an
 * event is fresh exactly when its receipt (its id alone) is taken now; only
 * fresh events are stored, counted and store their profile, all in one
 * transaction, so that the statistics always agree with the events stored.
 * The fold (fold.ts) moves what they add into the rollups and counters a
 * moment later, shared with the other batches of that moment.
 */
import {
  ingestEventSchema,
  replaceUnsafeCharacters,
  type CampaignStatus,
  type TIngestEvent,
  type TIngestResponse,
} from '@backoffice/domain';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { requireApiKey } from '../../platform/access/api-keys.js';
import { isTipType } from '../../platform/access/merchant-access.js';
import type { Config } from '../../platform/config/config.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import { localDay } from '../../platform/calendar.js';
import { ADVISORY_LOCK_KEYS, advisoryXactLockShared } from '../../platform/db/advisory-locks.js';
import { findUnsafeInput } from '../../platform/http/input-hygiene.js';
import { reportCodeHandout } from '../codes/index.js';
import { recordCodeUses } from './code-uses.js';
import { countEvents, type AcceptedEvent } from './counting.js';
import { erasureKeys } from './erasure-keys.js';
import { foldSoon } from './fold.js';
import { eraseParticipant, type PrivacyDeps } from './privacy.js';
import { batchFacts, storeFreshEvents } from './queries.js';

/** What the ingest uses of the application (built in services.ts; the demo data builds it too). */
export interface IngestDeps extends PrivacyDeps {
  log: FastifyBaseLogger;
  /** The time zone of the events' days (and of the birth-year rules). */
  web: Pick<Config['web'], 'timeZone'>;
  stats: Config['stats'];
}

type Rejection = TIngestResponse['rejected'][number];

const DAY_MS = 24 * 3600_000;

/** The statuses of a published campaign: only these take events (deleted has its own answer). */
const PUBLISHED: readonly CampaignStatus[] = ['approved', 'active', 'ended'];

const schemas = new Map<string, ReturnType<typeof ingestEventSchema>>();

/** The event schema whose birth-year rules read the event's year in the configured time zone. */
function eventSchema(timeZone: string) {
  let schema = schemas.get(timeZone);
  if (!schema) {
    schema = ingestEventSchema(timeZone);
    schemas.set(timeZone, schema);
  }
  return schema;
}

/** Events checked one by one: the valid ones, and the others with their reason. */
function parseEvents(
  raw: unknown[],
  timeZone: string,
): {
  valid: { index: number; event: TIngestEvent }[];
  rejected: Rejection[];
} {
  const schema = eventSchema(timeZone);
  const valid: { index: number; event: TIngestEvent }[] = [];
  const rejected: Rejection[] = [];
  const seen = new Set<string>();
  raw.forEach((candidate, index) => {
    const id =
      typeof candidate === 'object' &&
      candidate !== null &&
      typeof (candidate as { id?: unknown }).id === 'string'
        ? (candidate as { id: string }).id.slice(0, 64)
        : null;
    // A text the database cannot store (NUL, an unpaired surrogate) costs
    // this event alone; the input hygiene leaves the batch's items to us.
    const unsafe = findUnsafeInput(candidate);
    if (unsafe) {
      const path = 'unsafeText' in unsafe ? unsafe.unsafeText : [];
      rejected.push({
        index,
        id: id === null ? null : replaceUnsafeCharacters(id),
        message: 'unsafeText' in unsafe ? 'invalid_value' : 'bad_input',
        // The event itself when it is a bare text.
        ...(path.length > 0 ? { field: path.map(replaceUnsafeCharacters).join('.') } : {}),
      });
      return;
    }
    const parsed = schema.safeParse(candidate);
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

export async function ingestEvents(deps: IngestDeps, raw: unknown[]): Promise<TIngestResponse> {
  const { db } = deps;
  const timeZone = deps.web.timeZone;
  const { valid, rejected } = parseEvents(raw, timeZone);
  if (valid.length === 0) return { accepted: 0, duplicates: 0, rejected };
  const { eventRetentionDays, erasureBlockDays, eventReceiptDays } = deps.stats;
  const now = Date.now();
  const oldest = new Date(now - eventRetentionDays * DAY_MS);
  const latest = new Date(now + DAY_MS);
  const erasedAfter = new Date(now - erasureBlockDays * DAY_MS);
  // The tombstone keys of the participants named (the secret is read before the transaction).
  const named = valid.flatMap(({ event }) => (event.participant ? [event.participant] : []));
  const keyOf =
    erasureBlockDays > 0 && named.length > 0
      ? await erasureKeys(db, named)
      : new Map<string, string>();

  const result = await db.transaction(async (tx) => {
    // An erasure or the retention waits for this batch, or this batch for them (privacy.ts).
    await advisoryXactLockShared(tx, ADVISORY_LOCK_KEYS.erasure);
    // What the events are checked against, read in one statement after the lock.
    const facts = await batchFacts(tx, {
      ids: valid.map(({ event }) => event.id),
      campaigns: valid.map(({ event }) => event.campaign),
      wins: valid.flatMap(({ event }) => (event.win ? [event.win] : [])),
      keys: [...keyOf.values()],
      erasedAfter,
    });
    // An id received before is a duplicate, whatever else the event carries now.
    const { received } = facts;
    const candidates = valid.filter(({ event }) => !received.has(event.id));
    const accepted: AcceptedEvent[] = [];
    for (const { index, event } of candidates) {
      const refuse = (message: Rejection['message'], field: string) =>
        rejected.push({ index, id: event.id, message, field });
      const campaign = facts.campaigns.get(event.campaign);
      if (!campaign) {
        refuse('not_found', 'campaign');
        continue;
      }
      if (campaign.status === 'deleted') {
        refuse('campaign_deleted', 'campaign');
        continue;
      }
      if (!PUBLISHED.includes(campaign.status)) {
        refuse('campaign_not_published', 'campaign');
        continue;
      }
      const key = event.participant ? keyOf.get(event.participant) : undefined;
      if (key !== undefined && facts.erased.has(key)) {
        refuse('participant_erased', 'participant');
        continue;
      }
      if (event.type === 'win_handled') {
        const win = event.win ? facts.wins.get(event.win) : undefined;
        if (!win || win.campaignId !== event.campaign || win.participantId !== event.participant) {
          refuse('not_found', 'win');
          continue;
        }
      }
      const at = new Date(event.occurred_at);
      // Older than the retention period, or more than a day ahead: not a real event.
      if (at < oldest || at > latest) {
        refuse('invalid_value', 'occurred_at');
        continue;
      }
      accepted.push({
        ...event,
        merchantId: campaign.merchantId,
        tip: isTipType(campaign.type),
        at,
        day: localDay(at, timeZone),
      });
    }
    // Uses of access codes: a refused use (e.g. a unique code used before) is not stored at all.
    const codeRefusals = await recordCodeUses(tx, accepted);
    if (codeRefusals.size > 0) {
      const indexOf = new Map(valid.map(({ index, event }) => [event.id, index]));
      for (const [id, refusal] of codeRefusals) {
        rejected.push({ index: indexOf.get(id) ?? -1, id, ...refusal });
      }
      accepted.splice(0, accepted.length, ...accepted.filter((e) => !codeRefusals.has(e.id)));
    }
    if (accepted.length === 0) return { accepted: 0, duplicates: received.size, counted: 0 };

    // Fresh are the events whose receipt this batch takes (a concurrent batch
    // that took one first makes it a duplicate here) and whose key is new (an
    // unchanged resend after its receipt ran out is not).
    const stored = new Set(
      await storeFreshEvents(tx, accepted, new Date(now + eventReceiptDays * DAY_MS)),
    );
    const events = accepted.filter((event) => stored.has(event.id));
    const counted = events.filter((event) => event.type !== 'code_used');
    if (counted.length > 0) await countEvents(tx, counted, timeZone);
    return {
      accepted: events.length,
      duplicates: received.size + accepted.length - events.length,
      counted: counted.length,
    };
  });
  const { counted, ...answer } = result;
  if (counted > 0) foldSoon(deps);
  rejected.sort((a, b) => a.index - b.index);
  return { ...answer, rejected };
}

/**
 * The ingest's use cases, as the routes call them (built once in services.ts):
 * the consumer app's batches (counted in the metrics), its reports of
 * handed-out campaign codes, its API key check, and an admin's erasure of a
 * participant.
 */
export function createIngestService(deps: IngestDeps & { metrics: Pick<Metrics, 'ingested'> }) {
  return {
    ingest: async (raw: unknown[]): Promise<TIngestResponse> => {
      const answer = await ingestEvents(deps, raw);
      deps.metrics.ingested(answer);
      return answer;
    },
    handOutCode: (campaignId: string, code: string) =>
      reportCodeHandout(deps.db, { campaignId, code }),
    /** The consumer app's API key check. */
    requireApiKey: (request: FastifyRequest) => requireApiKey(deps.db, request),
    eraseParticipant: (participantId: string) => eraseParticipant(deps, participantId),
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
