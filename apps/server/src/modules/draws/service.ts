/**
 * Winner draws of sweepstakes: by the scheduler, DRAW_DELAY_MINUTES after a
 * sweepstake's end (participations of the runtime's last minutes may still be
 * on their way from the consumer app, which sends in batches), or by an admin
 * from the review page when the campaign asks for a manual draw. Each campaign
 * is drawn once: the draw row is unique per campaign, so two processes cannot
 * both draw. Winners are mailed to the merchant's accounts that want
 * open-wins mails.
 */
import { hasPrizeDraw, type TCampaignContent } from '@backoffice/domain';
import { requireAdmin } from '../../access/admin.js';
import { requireCampaignAccess, type UserRow } from '../../access/merchant-access.js';
import type { AppContext } from '../../app-context.js';
import { repeat } from '../../repeat.js';
import { ADVISORY_LOCK_KEYS, advisoryXactLockShared } from '../../db/advisory-locks.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../http/errors.js';
import { notifyOpenWins } from '../notifications/index.js';
import { drawWinners, newSeed, type PrizeUnits } from './draw.js';
import {
  countPendingWins,
  drawWins,
  dueSweepstakes,
  findCampaign,
  findDraw,
  insertDrawOnce,
  insertWins,
  participantIds,
  type CampaignRow,
} from './queries.js';

const prizeUnits = (content: TCampaignContent): PrizeUnits[] =>
  content.prizes.map((prize, prizeIndex) => ({ prizeIndex, count: prize.count ?? 0 }));

/**
 * Whether the campaign's runtime is over (or the scheduler ended it), without
 * the scheduler's delay: an admin who draws by hand decides when to draw.
 */
const hasEnded = (campaign: CampaignRow, now: Date) =>
  campaign.status === 'ended' ||
  (['approved', 'active'].includes(campaign.status) &&
    campaign.validUntil !== null &&
    campaign.validUntil <= now);

/**
 * A draw's transaction. Like an ingest batch, it holds the erasure lock
 * shared, taken before any campaign row: an erasure of a participant either
 * ends before the draw reads the participants or waits until the winners are
 * stored, and then pseudonymises their wins too. A win under the real id of
 * a person erased meanwhile would outlive the erasure.
 */
function drawTransaction<T>(ctx: AppContext, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await advisoryXactLockShared(tx, ADVISORY_LOCK_KEYS.erasure);
    return work(tx);
  });
}

/** Draws one campaign inside a draw's transaction; undefined when it was drawn already. */
async function drawCampaign(
  tx: DbOrTx,
  campaign: CampaignRow,
  options: { manual: boolean; userId: string | null },
) {
  const result = drawWinners(
    await participantIds(tx, campaign.id, campaign.validUntil),
    prizeUnits(campaign.content),
    newSeed(),
  );
  const draw = await insertDrawOnce(tx, {
    campaignId: campaign.id,
    seed: result.seed,
    participantsHash: result.participantsHash,
    participantCount: result.participantCount,
    manual: options.manual,
    drawnBy: options.userId,
  });
  if (!draw) return undefined;
  if (result.winners.length > 0) {
    await insertWins(
      tx,
      { drawId: draw.id, campaignId: campaign.id, merchantId: campaign.merchantId },
      result.winners,
    );
  }
  return { draw, winners: result.winners.length };
}

async function mailOpenWins(ctx: AppContext, merchantId: string) {
  const openWins = await countPendingWins(ctx.db, merchantId);
  try {
    await notifyOpenWins(ctx, merchantId, openWins);
  } catch (error) {
    ctx.log.error({ err: error, merchantId }, 'open wins mail failed');
  }
}

/**
 * The scheduler's part: draws every sweepstake without manual draw that has
 * no draw yet and ended DRAW_DELAY_MINUTES ago or earlier.
 */
export async function runDueDraws(ctx: AppContext, now = new Date()): Promise<number> {
  const delayMs = ctx.config.campaigns.drawDelayMinutes * 60_000;
  const due = await dueSweepstakes(ctx.db, new Date(now.getTime() - delayMs));
  let drawn = 0;
  for (const campaign of due) {
    let done;
    try {
      done = await drawTransaction(ctx, (tx) =>
        drawCampaign(tx, campaign, { manual: false, userId: null }),
      );
    } catch (error) {
      // One campaign that cannot be drawn must not hold back the ones after it.
      ctx.log.error({ err: error, campaignId: campaign.id }, 'winner draw failed');
      continue;
    }
    if (!done) continue;
    drawn += 1;
    if (done.winners > 0) await mailOpenWins(ctx, campaign.merchantId);
  }
  return drawn;
}

export interface DrawInfo {
  campaign: string;
  seed: string;
  participants_hash: string;
  participant_count: number;
  manual: boolean;
  drawn_at: string;
  winners: { prize_index: number; participant: string; status: 'pending' | 'handled' }[];
}

async function drawInfo(db: DbOrTx, campaignId: string): Promise<DrawInfo | null> {
  const draw = await findDraw(db, campaignId);
  if (!draw) return null;
  const rows = await drawWins(db, draw.id);
  return {
    campaign: campaignId,
    seed: draw.seed,
    participants_hash: draw.participantsHash,
    participant_count: draw.participantCount,
    manual: draw.manual,
    drawn_at: draw.drawnAt.toISOString(),
    winners: rows.map((row) => ({
      prize_index: row.prizeIndex,
      participant: row.participantId,
      status: row.status,
    })),
  };
}

async function loadSweepstake(db: DbOrTx, user: UserRow, id: string, lock = false) {
  await requireCampaignAccess(db, user, id);
  const campaign = await findCampaign(db, id, lock);
  if (!campaign) throw notFound();
  if (!hasPrizeDraw(campaign.type)) throw new AppError(409, 'no_prize_draw', 'type');
  return campaign;
}

/** Admins: the draw of a campaign (seed, hash, winners), for the review page and auditors. */
export async function getDraw(ctx: AppContext, user: UserRow, id: string) {
  requireAdmin(user);
  await loadSweepstake(ctx.db, user, id);
  return { draw: await drawInfo(ctx.db, id) };
}

/**
 * Admins: draws an ended sweepstake now (the manual-draw option). Unlike the
 * scheduler it does not wait DRAW_DELAY_MINUTES after the end: the admin
 * decides when the participations are in, and may draw right after the end.
 */
export async function drawNow(ctx: AppContext, user: UserRow, id: string) {
  requireAdmin(user);
  const result = await drawTransaction(ctx, async (tx) => {
    const campaign = await loadSweepstake(tx, user, id, true);
    if (!hasEnded(campaign, new Date()))
      throw new AppError(409, 'campaign_not_ended', 'current_status');
    const done = await drawCampaign(tx, campaign, { manual: true, userId: user.id });
    if (!done) throw new AppError(409, 'already_drawn', 'campaign');
    return { merchantId: campaign.merchantId, winners: done.winners };
  });
  if (result.winners > 0) await mailOpenWins(ctx, result.merchantId);
  return { draw: await drawInfo(ctx.db, id) };
}

/** Draws due sweepstakes shortly after start and every scheduler interval; returns a function that stops it. */
export function startDrawScheduler(ctx: AppContext): () => Promise<void> {
  const seconds = ctx.config.campaigns.schedulerIntervalSeconds;
  return repeat(ctx.log, seconds * 1000, 'winner draws', () => runDueDraws(ctx));
}
