/**
 * Privacy of participation data (DSGVO): participants are pseudonymous ids of
 * the consumer app. On its request an admin erases one participant: raw
 * events and profile go, and the rows that made them count once (per
 * campaign, per merchant, per win) get a random id instead, so every counter
 * and rollup stays as it was while nothing links back to the person. Raw
 * events older than the retention period are purged; rollups stay.
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { repeat } from '../../repeat.js';
import {
  campaignParticipants,
  eventReceipts,
  merchantParticipants,
  participants,
  participationEvents,
  wins,
} from '../../db/schema.js';

const anonymous = sql`'erased-' || gen_random_uuid()`;

export async function eraseParticipant(
  ctx: AppContext,
  participantId: string,
): Promise<{ events: number; campaigns: number }> {
  return ctx.db.transaction(async (tx) => {
    const events = await tx
      .delete(participationEvents)
      .where(eq(participationEvents.participantId, participantId))
      .returning({ id: participationEvents.id });
    await tx.delete(participants).where(eq(participants.id, participantId));
    const campaigns = await tx
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
    return { events: events.length, campaigns: campaigns.length };
  });
}

/** Deletes raw events (and their receipts) older than the retention period. */
export async function purgeOldEvents(ctx: AppContext, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ctx.config.stats.eventRetentionDays * 24 * 3600_000);
  const purged = await ctx.db
    .delete(participationEvents)
    .where(lt(participationEvents.occurredAt, before))
    .returning({ id: participationEvents.id });
  await ctx.db.delete(eventReceipts).where(lt(eventReceipts.occurredAt, before));
  return purged.length;
}

/** Purges hourly while the scheduler runs; returns a function that stops it. */
export function startRetention(ctx: AppContext): () => void {
  if (ctx.config.campaigns.schedulerIntervalSeconds === 0) return () => {};
  return repeat(ctx.log, 3600_000, 'event retention', async () => {
    const count = await purgeOldEvents(ctx);
    if (count > 0) ctx.log.info({ count }, 'raw events past retention purged');
  });
}
