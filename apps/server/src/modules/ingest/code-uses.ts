/**
 * Uses of access codes reported by the consumer app (event type code_used):
 * the set must exist, hold the code, be linked to the campaign and be valid
 * at the time of use. A unique code is used once: the unique index on
 * (set, unique_code) lets exactly one of two uses in, also when they arrive
 * in concurrent batches; a reusable code any number of times. A resent event
 * (same id) is neither stored again nor refused.
 */
import type { FieldName, MessageKey } from '@backoffice/domain';
import type { DbOrTx } from '../../platform/db/client.js';
import type { AcceptedEvent } from './counting.js';
import { codeUseChecks, insertCodeUses, storedCodeUseEvents } from './code-use-queries.js';

export interface CodeUseRefusal {
  message: MessageKey;
  field: FieldName;
}

/** Records the code_used events among `events`; returns the refused ones by event id. */
export async function recordCodeUses(
  tx: DbOrTx,
  events: AcceptedEvent[],
): Promise<Map<string, CodeUseRefusal>> {
  const refused = new Map<string, CodeUseRefusal>();
  const uses = events
    .filter((event) => event.type === 'code_used')
    .map((event, ord) => ({
      ord,
      id: event.id,
      set_id: event.access_code_set ?? '',
      code: event.code ?? '',
      campaign_id: event.campaign,
      participant_id: event.participant ?? null,
      used_at: event.at.toISOString(),
    }));

  if (uses.length === 0) return refused;
  const checks = await codeUseChecks(tx, uses);
  const resent = new Set<string>();
  for (const check of checks) {
    if (check.used_before) resent.add(check.id);
    else if (!check.type) refused.set(check.id, { message: 'not_found', field: 'access_code_set' });
    else if (!check.known_code) refused.set(check.id, { message: 'not_found', field: 'code' });
    else if (!check.linked) refused.set(check.id, { message: 'invalid_value', field: 'campaign' });
    else if (!check.in_validity) {
      refused.set(check.id, { message: 'invalid_value', field: 'occurred_at' });
    }
  }
  const candidates = uses.filter((use) => !refused.has(use.id) && !resent.has(use.id));
  if (candidates.length === 0) return refused;
  const stored = new Set(await insertCodeUses(tx, candidates));
  const notStored = candidates.filter((use) => !stored.has(use.id)).map((use) => use.id);
  if (notStored.length > 0) {
    // Either the same event arrived concurrently (a resend), or the unique code was used already.
    const sameEvent = new Set(await storedCodeUseEvents(tx, notStored));
    for (const id of notStored) {
      if (!sameEvent.has(id)) refused.set(id, { message: 'code_already_used', field: 'code' });
    }
  }
  return refused;
}
