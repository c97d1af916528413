/**
 * Winner draws of sweepstakes: by the scheduler, DRAW_DELAY_MINUTES after a
 * sweepstake's end (participations of the runtime's last minutes may still be
 * on their way from the consumer app, which sends in batches), or by an admin
 * from the review page when the campaign asks for a manual draw. Each campaign
 * is drawn once: the draw row is unique per campaign, so two processes cannot
 * both draw. Winners are mailed to the merchant's accounts that want
 * open-wins mails, through the outbox in the draw's transaction. The
 * consumer app reads the winners with its API key, hands the prizes out and
 * closes each win with a `win_handled` event (ingest).
 */
import { hasPrizeDraw, type TCampaignContent, type TDrawResponse } from '@backoffice/domain';
import { requireAdmin } from '../../platform/access/admin.js';
import { requireCampaignAccess, type UserRow } from '../../platform/access/merchant-access.js';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { requireApiKey } from '../../platform/access/api-keys.js';
import { defineJob } from '../../platform/define-job.js';
import { recurringJobPolicy } from '../../platform/jobs/recurring.js';
import { ADVISORY_LOCK_KEYS, advisoryXactLockShared } from '../../platform/db/advisory-locks.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import { notifyOpenWins, type NotificationMailDeps } from '../notifications/index.js';
import { recordWebhookEvents } from '../webhooks/index.js';
import { DRAW_SCHEME, drawCandidates, newSeed, type PrizeUnits } from './draw.js';
import {
  countPendingWins,
  drawWins,
  dueSweepstakes,
  findCampaign,
  findCandidateDigests,
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

/** What the draws module uses of the application (built in services.ts). */
export interface DrawDeps extends NotificationMailDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** How long after its end a sweepstake is drawn (config.campaigns.drawDelayMinutes). */
  drawDelayMinutes: number;
}

/**
 * A draw's transaction. Like an ingest batch, it holds the erasure lock
 * shared, taken before any campaign row: an erasure of a participant either
 * ends before the draw reads the participants or waits until the winners are
 * stored, and then pseudonymises their wins too. A win under the real id of
 * a person erased meanwhile would outlive the erasure.
 */
function drawTransaction<T>(db: Db, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await advisoryXactLockShared(tx, ADVISORY_LOCK_KEYS.erasure);
    return work(tx);
  });
}

/**
 * Draws one campaign inside a draw's transaction; undefined when it was
 * drawn already. Winners put the open-wins mail into the outbox in the same
 * transaction: it goes out exactly when the draw is stored.
 */
async function drawCampaign(
  deps: NotificationMailDeps,
  tx: DbOrTx,
  { campaign, ...options }: { campaign: CampaignRow; manual: boolean; userId: string | null },
) {
  const result = drawCandidates(
    await participantIds(tx, campaign.id, { from: campaign.validFrom, until: campaign.validUntil }),
    prizeUnits(campaign.content),
    newSeed(),
  );
  const draw = await insertDrawOnce(tx, {
    campaignId: campaign.id,
    seed: result.seed,
    participantsHash: result.participantsHash,
    participantCount: result.participantCount,
    scheme: DRAW_SCHEME,
    candidateDigests: result.candidateDigests,
    manual: options.manual,
    drawnBy: options.userId,
  });
  if (!draw) return undefined;
  await recordWebhookEvents(tx, [
    {
      type: 'draw.completed',
      merchantId: campaign.merchantId,
      data: {
        campaign_id: campaign.id,
        merchant_id: campaign.merchantId,
        draw_id: draw.id,
        participant_count: result.participantCount,
        // The consumer app's participant ids only: no personal data leaves with a webhook.
        winners: result.winners.map((winner) => ({
          participant_id: winner.participantId,
          prize_index: winner.prizeIndex,
        })),
      },
    },
  ]);
  if (result.winners.length > 0) {
    await insertWins(
      tx,
      { drawId: draw.id, campaignId: campaign.id, merchantId: campaign.merchantId },
      result.winners,
    );
    await notifyOpenWins(deps, tx, {
      merchantId: campaign.merchantId,
      openWins: await countPendingWins(tx, campaign.merchantId),
    });
  }
  return { draw, winners: result.winners.length };
}

/**
 * The scheduler's part: draws every sweepstake without manual draw that has
 * no draw yet and ended DRAW_DELAY_MINUTES ago or earlier.
 */
export async function runDueDraws(deps: DrawDeps, now = new Date()): Promise<number> {
  const delayMs = deps.drawDelayMinutes * 60_000;
  const due = await dueSweepstakes(deps.db, new Date(now.getTime() - delayMs));
  let drawn = 0;
  for (const campaign of due) {
    let done;
    try {
      done = await drawTransaction(deps.db, (tx) =>
        drawCampaign(deps, tx, { campaign, manual: false, userId: null }),
      );
    } catch (error) {
      // One campaign that cannot be drawn must not hold back the ones after it.
      deps.log.error({ err: error, campaignId: campaign.id }, 'winner draw failed');
      continue;
    }
    if (done) drawn += 1;
  }
  return drawn;
}

type DrawInfo = NonNullable<TDrawResponse['draw']>;

/** The campaign's draw as the API answers it (admins and the consumer app alike); null before it. */
async function drawInfo(db: DbOrTx, campaign: CampaignRow): Promise<DrawInfo | null> {
  const draw = await findDraw(db, campaign.id);
  if (!draw) return null;
  const rows = await drawWins(db, draw.id);
  return {
    campaign: campaign.id,
    scheme: draw.scheme,
    seed: draw.seed,
    participants_hash: draw.participantsHash,
    participant_count: draw.participantCount,
    candidates_kept: draw.candidatesKept,
    // Prizes cannot change once a campaign is submitted, so these are the units drawn.
    prize_units: prizeUnits(campaign.content).map((prize) => prize.count),
    manual: draw.manual,
    drawn_at: draw.drawnAt.toISOString(),
    winners: rows.map((row) => ({
      id: row.id,
      prize_index: row.prizeIndex,
      participant: row.participantId,
      status: row.status,
    })),
  };
}

async function loadSweepstake(
  db: DbOrTx,
  user: UserRow,
  { id, lock = false }: { id: string; lock?: boolean },
) {
  await requireCampaignAccess(db, user, id);
  const campaign = await findCampaign(db, id, lock);
  if (!campaign) throw notFound();
  if (!hasPrizeDraw(campaign.type)) throw new AppError(409, 'no_prize_draw', 'type');
  return campaign;
}

/** Admins: the draw of a campaign (seed, hash, winners), for the review page and auditors. */
export async function getDraw(db: Db, user: UserRow, id: string) {
  requireAdmin(user);
  const campaign = await loadSweepstake(db, user, { id });
  return { draw: await drawInfo(db, campaign) };
}

/**
 * The consumer app (its API key, which serves the whole installation): the
 * draw of a sweepstake, whose winners' ids it closes with `win_handled`.
 */
export async function getDrawForApp(db: Db, id: string) {
  const campaign = await findCampaign(db, id, false);
  if (!campaign) throw notFound();
  if (campaign.status === 'deleted') throw new AppError(404, 'campaign_deleted', 'campaign');
  if (!hasPrizeDraw(campaign.type)) throw new AppError(409, 'no_prize_draw', 'type');
  return { draw: await drawInfo(db, campaign) };
}

/**
 * Admins (auditors): the sorted candidate leaves a scheme 2 draw was taken
 * over, one per line, exactly the text whose SHA-256 is the draw's hash.
 * Refused before the draw, and once the retention period cleared the list
 * (or for a scheme 1 draw, which kept none).
 */
export async function getCandidateDigests(db: Db, user: UserRow, id: string): Promise<string> {
  requireAdmin(user);
  await loadSweepstake(db, user, { id });
  const draw = await findCandidateDigests(db, id);
  if (!draw) throw new AppError(409, 'not_drawn', 'campaign');
  if (draw.digests === null) throw new AppError(410, 'candidates_not_kept', 'campaign');
  return draw.digests;
}

/**
 * Admins: draws an ended sweepstake now (the manual-draw option). Unlike the
 * scheduler it does not wait DRAW_DELAY_MINUTES after the end: the admin
 * decides when the participations are in, and may draw right after the end.
 */
export async function drawNow(deps: DrawDeps, user: UserRow, id: string) {
  requireAdmin(user);
  const drawn = await drawTransaction(deps.db, async (tx) => {
    const campaign = await loadSweepstake(tx, user, { id, lock: true });
    if (!hasEnded(campaign, new Date()))
      throw new AppError(409, 'campaign_not_ended', 'current_status');
    const done = await drawCampaign(deps, tx, { campaign, manual: true, userId: user.id });
    if (!done) throw new AppError(409, 'already_drawn', 'campaign');
    return campaign;
  });
  return { draw: await drawInfo(deps.db, drawn) };
}

/** Draws due sweepstakes every scheduler interval across all processes. */
export const winnerDrawJob = defineJob({
  name: 'winner-draws',
  pollSeconds: 5, // a run every SCHEDULER_INTERVAL_SECONDS (30 s by default)
  queue: recurringJobPolicy,
  everySeconds: (config) => config.campaigns.schedulerIntervalSeconds,
  run: async (ctx) => {
    await runDueDraws({
      db: ctx.db,
      jobs: ctx.jobs,
      log: ctx.log,
      web: ctx.config.web,
      drawDelayMinutes: ctx.config.campaigns.drawDelayMinutes,
    });
  },
});

/** The draws module's service, built once by the app. */
export function createDrawService(deps: DrawDeps) {
  const { db } = deps;
  return {
    get: (user: UserRow, id: string) => getDraw(db, user, id),
    getForApp: (id: string) => getDrawForApp(db, id),
    candidateDigests: (user: UserRow, id: string) => getCandidateDigests(db, user, id),
    drawNow: (user: UserRow, id: string) => drawNow(deps, user, id),
    /** The consumer app's API key check. */
    requireApiKey: (request: FastifyRequest) => requireApiKey(db, request),
  };
}

export type DrawService = ReturnType<typeof createDrawService>;
