/** Data access of winner draws and their wins. */
import {
  and,
  asc,
  eq,
  exists,
  gte,
  isNotNull,
  isNull,
  lt,
  lte,
  notLike,
  or,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PRIZE_DRAW_TYPES } from '@backoffice/domain';
import type { DbOrTx } from '../../platform/db/client.js';
import {
  campaignParticipants,
  campaigns,
  draws,
  FORGOTTEN_PREFIX,
  participationEvents,
  wins,
} from '../../platform/db/schema.js';

export type CampaignRow = typeof campaigns.$inferSelect;
type DrawInsert = typeof draws.$inferInsert;
type WinRow = typeof wins.$inferSelect;
type WinInsert = typeof wins.$inferInsert;

/**
 * The ids of those who took part in the campaign within its runtime, from
 * `from` up to, not including, `until` (each bound only when set), in one
 * statement. `first_at` is the first participation received: one within the
 * runtime settles it; otherwise (taken part before the start, or the first
 * event received was one after the end while an earlier one came late) the
 * raw participations of the person in this campaign are asked, through the
 * participant index, for one within the runtime. The draw waits a while after
 * the end for late deliveries of the runtime's participations; one that
 * happened after the end does not take part in it.
 */
export async function participantIds(
  db: DbOrTx,
  campaignId: string,
  runtime: { from: Date | null; until: Date | null },
): Promise<string[]> {
  const within = (at: AnyPgColumn) =>
    and(
      runtime.from ? gte(at, runtime.from) : undefined,
      runtime.until ? lt(at, runtime.until) : undefined,
    );
  const bounded = runtime.from !== null || runtime.until !== null;
  const people = await db
    .select({ id: campaignParticipants.participantId })
    .from(campaignParticipants)
    .where(
      and(
        eq(campaignParticipants.campaignId, campaignId),
        // A forgotten participant's stand-in counts, but names nobody a prize could reach.
        notLike(campaignParticipants.participantId, `${FORGOTTEN_PREFIX}%`),
        bounded
          ? or(
              within(campaignParticipants.firstAt),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(participationEvents)
                  .where(
                    and(
                      eq(participationEvents.participantId, campaignParticipants.participantId),
                      eq(participationEvents.campaignId, campaignParticipants.campaignId),
                      eq(participationEvents.type, 'participation'),
                      within(participationEvents.occurredAt),
                    ),
                  ),
              ),
            )
          : undefined,
      ),
    );
  return people.map((person) => person.id);
}

/** Stores the draw unless the campaign has one; its id, undefined when it was drawn already. */
export async function insertDrawOnce(
  db: DbOrTx,
  values: DrawInsert,
): Promise<{ id: string } | undefined> {
  const [draw] = await db
    .insert(draws)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: draws.id });
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

/** The columns of a draw, but its candidate list (megabytes for a large sweepstake): whether it is kept. */
const drawColumns = {
  id: draws.id,
  campaignId: draws.campaignId,
  seed: draws.seed,
  participantsHash: draws.participantsHash,
  participantCount: draws.participantCount,
  scheme: draws.scheme,
  candidatesKept: isNotNull(draws.candidateDigests).mapWith(Boolean),
  manual: draws.manual,
  drawnAt: draws.drawnAt,
};

export async function findDraw(db: DbOrTx, campaignId: string) {
  const [draw] = await db.select(drawColumns).from(draws).where(eq(draws.campaignId, campaignId));
  return draw;
}

/** The campaign's draw with its kept candidate list (null: none kept); undefined before the draw. */
export async function findCandidateDigests(
  db: DbOrTx,
  campaignId: string,
): Promise<{ digests: string | null } | undefined> {
  const [draw] = await db
    .select({ digests: draws.candidateDigests })
    .from(draws)
    .where(eq(draws.campaignId, campaignId));
  return draw;
}

/**
 * Clears the candidate lists of the draws made before `before` (the
 * retention period's end); how many. Seed, hash, count and winners stay.
 */
export async function clearCandidateDigests(db: DbOrTx, before: Date): Promise<number> {
  const cleared = await db
    .update(draws)
    .set({ candidateDigests: null })
    .where(and(lt(draws.drawnAt, before), isNotNull(draws.candidateDigests)))
    .returning({ id: draws.id });
  return cleared.length;
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
