/** Data access of winner draws and their wins. */
import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { PRIZE_DRAW_TYPES } from '@backoffice/domain';
import type { DbOrTx } from '../../db/client.js';
import { campaignParticipants, campaigns, draws, wins } from '../../db/schema.js';

export type CampaignRow = typeof campaigns.$inferSelect;
type DrawRow = typeof draws.$inferSelect;
type DrawInsert = typeof draws.$inferInsert;
type WinRow = typeof wins.$inferSelect;
type WinInsert = typeof wins.$inferInsert;

/**
 * The ids of those who took part in the campaign before its runtime ended
 * (`until`, exclusive as everywhere; none: all of them). The draw waits a
 * while after the end for late deliveries of the runtime's participations;
 * one that happened after the end does not take part in it.
 */
export async function participantIds(
  db: DbOrTx,
  campaignId: string,
  until: Date | null,
): Promise<string[]> {
  const people = await db
    .select({ id: campaignParticipants.participantId })
    .from(campaignParticipants)
    .where(
      and(
        eq(campaignParticipants.campaignId, campaignId),
        until ? lt(campaignParticipants.firstAt, until) : undefined,
      ),
    );
  return people.map((person) => person.id);
}

/** Stores the draw unless the campaign has one; undefined when it was drawn already. */
export async function insertDrawOnce(db: DbOrTx, values: DrawInsert): Promise<DrawRow | undefined> {
  const [draw] = await db.insert(draws).values(values).onConflictDoNothing().returning();
  return draw;
}

/**
 * Stores a draw's winners in one statement with the list as one JSON
 * parameter: a draw may have a million prize units, and one bound value per
 * column and winner would pass PostgreSQL's 65,535 parameters at 13,108.
 */
export async function insertWins(
  db: DbOrTx,
  draw: Pick<WinInsert, 'drawId' | 'campaignId' | 'merchantId'>,
  winners: Pick<WinInsert, 'prizeIndex' | 'participantId'>[],
): Promise<void> {
  const batch = JSON.stringify(
    winners.map((winner) => ({ prize: winner.prizeIndex, participant: winner.participantId })),
  );
  await db.execute(sql`
    insert into ${wins} (draw_id, campaign_id, merchant_id, prize_index, participant_id)
    select ${draw.drawId}::uuid, ${draw.campaignId}::uuid, ${draw.merchantId}::uuid, w.prize, w.participant
    from jsonb_to_recordset(${batch}::jsonb) as w(prize int, participant text)`);
}

/** How many of the merchant's wins wait to be handled. */
export async function countPendingWins(db: DbOrTx, merchantId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(wins)
    .where(and(eq(wins.merchantId, merchantId), eq(wins.status, 'pending')));
  return row?.count ?? 0;
}

/**
 * Up to 100 sweepstakes without manual draw that have no draw yet and whose
 * runtime ended at `endedBy` or before, the earliest ended first. An ended
 * campaign (the scheduler's status) waits for `endedBy` too; only one without
 * an end date is due as soon as it is ended.
 */
export async function dueSweepstakes(db: DbOrTx, endedBy: Date): Promise<CampaignRow[]> {
  const due = await db
    .select({ campaign: campaigns })
    .from(campaigns)
    .leftJoin(draws, eq(draws.campaignId, campaigns.id))
    .where(
      and(
        isNull(draws.id),
        sql`${campaigns.type} in (${sql.raw(PRIZE_DRAW_TYPES.map((type) => `'${type}'`).join(', '))})`,
        sql`coalesce((${campaigns.content} ->> 'manual_draw')::boolean, false) = false`,
        or(
          and(eq(campaigns.status, 'ended'), isNull(campaigns.validUntil)),
          and(
            sql`${campaigns.status} in ('approved', 'active', 'ended')`,
            lte(campaigns.validUntil, endedBy),
          ),
        ),
      ),
    )
    .orderBy(asc(campaigns.validUntil))
    .limit(100);
  return due.map((row) => row.campaign);
}

export async function findDraw(db: DbOrTx, campaignId: string): Promise<DrawRow | undefined> {
  const [draw] = await db.select().from(draws).where(eq(draws.campaignId, campaignId));
  return draw;
}

/** The draw's wins by prize and participant. */
export function drawWins(db: DbOrTx, drawId: string): Promise<WinRow[]> {
  return db
    .select()
    .from(wins)
    .where(eq(wins.drawId, drawId))
    .orderBy(asc(wins.prizeIndex), asc(wins.participantId));
}

/** The campaign, locked for update when asked. */
export async function findCampaign(
  db: DbOrTx,
  id: string,
  lock: boolean,
): Promise<CampaignRow | undefined> {
  const query = db.select().from(campaigns).where(eq(campaigns.id, id));
  const [campaign] = await (lock ? query.for('update') : query);
  return campaign;
}
