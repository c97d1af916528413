/**
 * Receives the consumer app's events: each is checked on its own, stored once
 * (by its id and time), and what it adds to the statistics is appended in
 * the same transaction, so that the statistics always agree with the events
 * stored; the fold (fold.ts) moves them into the rollups and counters a
 * moment later, shared with the other batches of that moment.
 */
import { ZIngestEvent, type TIngestEvent, type TIngestResponse } from '@backoffice/domain';
import type { AppContext } from '../../app-context.js';
import { localDay } from '../../calendar.js';
import { ADVISORY_LOCK_KEYS, advisoryXactLockShared } from '../../db/advisory-locks.js';
import { recordCodeUses } from './code-uses.js';
import { countEvents, storeProfiles, type AcceptedEvent } from './counting.js';
import { foldSoon } from './fold.js';
import { campaignsOf, storeNewEvents, winsOf } from './queries.js';

type Rejection = TIngestResponse['rejected'][number];

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

export async function ingestEvents(ctx: AppContext, raw: unknown[]): Promise<TIngestResponse> {
  const { valid, rejected } = parseEvents(raw);
  if (valid.length === 0) return { accepted: 0, duplicates: 0, rejected };
  const timeZone = ctx.config.web.timeZone;
  const oldest = new Date(Date.now() - ctx.config.stats.eventRetentionDays * 24 * 3600_000);
  const latest = new Date(Date.now() + 24 * 3600_000);
  const result = await ctx.db.transaction(async (tx) => {
    // An erasure waits for this batch, or this batch for it (privacy.ts).
    await advisoryXactLockShared(tx, ADVISORY_LOCK_KEYS.erasure);
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
      const campaign = known.get(event.campaign);
      if (!campaign || campaign.deleted) {
        rejected.push({
          index,
          id: event.id,
          message: campaign ? 'campaign_deleted' : 'not_found',
          field: 'campaign',
        });
        continue;
      }
      const { merchantId } = campaign;
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
    // Uses of access codes: a refused use (e.g. a unique code used before) is not stored at all.
    const codeRefusals = await recordCodeUses(tx, accepted);
    if (codeRefusals.size > 0) {
      const indexOf = new Map(valid.map(({ index, event }) => [event.id, index]));
      for (const [id, refusal] of codeRefusals) {
        rejected.push({ index: indexOf.get(id) ?? -1, id, ...refusal });
      }
      accepted.splice(0, accepted.length, ...accepted.filter((e) => !codeRefusals.has(e.id)));
    }
    if (accepted.length === 0) return { accepted: 0, duplicates: 0, counted: [], stored: [] };

    // Idempotency: only events whose key (time, id) is new are stored and counted.
    const fresh = new Set(await storeNewEvents(tx, accepted));
    const events = accepted.filter((event) => fresh.has(event.id));
    const counted = events.filter((event) => event.type !== 'code_used');
    if (counted.length > 0) await countEvents(tx, counted);
    return {
      accepted: events.length,
      duplicates: accepted.length - events.length,
      counted,
      stored: accepted,
    };
  });
  const { counted, stored, ...answer } = result;
  // Every stored event's profile, the resent ones' too: a resend after a
  // failed profile write stores it then (the newest event's profile wins).
  await storeProfiles(ctx.db, stored);
  if (counted.length > 0) foldSoon(ctx);
  rejected.sort((a, b) => a.index - b.index);
  return { ...answer, rejected };
}
