/**
 * Status changes of campaigns: one conditional UPDATE plus a history row per
 * change (so two processes can never apply the same change twice), the
 * scheduler that publishes and ends campaigns by the calendar, and the mails
 * to the merchant's contacts.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  NOTIFIED_STATUSES,
  notificationEventForStatus,
  type CampaignStatus,
} from '@backoffice/domain';
import type { AppContext } from '../../app-context.js';
import { repeat } from '../../repeat.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { campaigns, campaignStatusHistory, merchants } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { campaignStatusMail } from '../../mail/templates.js';
import { recipientsOf } from '../notifications/service.js';
import type { CampaignRecord } from './records.js';

export interface StatusChange {
  campaign: CampaignRecord;
  from: CampaignStatus;
  reason: string | null;
}

/** Moves one campaign from its current status to another, or refuses with 409 when it moved meanwhile. */
export async function changeStatus(
  tx: DbOrTx,
  campaign: CampaignRecord,
  to: CampaignStatus,
  by: {
    userId: string | null;
    reason?: string | null;
    set?: Partial<typeof campaigns.$inferInsert>;
  },
): Promise<StatusChange> {
  const [updated] = await tx
    .update(campaigns)
    .set({
      ...by.set,
      status: to,
      modifiedAt: sql`now()`,
      ...(by.userId ? { editorId: by.userId } : {}),
    })
    .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, campaign.status)))
    .returning();
  if (!updated) throw new AppError(409, 'status_changed', 'current_status');
  await tx.insert(campaignStatusHistory).values({
    campaignId: campaign.id,
    fromStatus: campaign.status,
    toStatus: to,
    userId: by.userId,
    reason: by.reason ?? null,
  });
  return { campaign: updated, from: campaign.status, reason: by.reason ?? null };
}

async function applyBulk(
  tx: DbOrTx,
  where: ReturnType<typeof and>,
  to: CampaignStatus,
  reason: string,
): Promise<StatusChange[]> {
  const before = await tx.select().from(campaigns).where(where);
  const changes: StatusChange[] = [];
  for (const campaign of before) {
    const [updated] = await tx
      .update(campaigns)
      .set({ status: to, modifiedAt: sql`now()`, autoApproveAt: null })
      .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, campaign.status)))
      .returning();
    if (!updated) continue;
    await tx.insert(campaignStatusHistory).values({
      campaignId: campaign.id,
      fromStatus: campaign.status,
      toStatus: to,
      userId: null,
      reason,
    });
    changes.push({ campaign: updated, from: campaign.status, reason: null });
  }
  return changes;
}

/** Arbitrary, fixed key of the advisory lock that lets one process at a time run the scheduler. */
const SCHEDULER_LOCK_KEY = 73_019_115;

/**
 * Applies what the calendar says: agency submissions whose delay passed are
 * approved; approved campaigns whose runtime began become active; approved or
 * active campaigns whose runtime is over end. Returns the changes made.
 */
export async function runScheduledTransitions(
  ctx: AppContext,
  now = new Date(),
): Promise<StatusChange[]> {
  const changes = await ctx.db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${SCHEDULER_LOCK_KEY}) as locked`,
    );
    if (!lock?.locked) return [];
    const approved = await applyBulk(
      tx,
      and(
        inArray(campaigns.status, ['submitted', 'start_review']),
        lte(campaigns.autoApproveAt, now),
      ),
      'approved',
      'auto_approved',
    );
    const ended = await applyBulk(
      tx,
      and(inArray(campaigns.status, ['approved', 'active']), lte(campaigns.validUntil, now)),
      'ended',
      'runtime_over',
    );
    const activated = await applyBulk(
      tx,
      and(
        eq(campaigns.status, 'approved'),
        lte(campaigns.validFrom, now),
        sql`${campaigns.validUntil} > ${now.toISOString()}`,
      ),
      'active',
      'runtime_started',
    );
    return [...approved, ...ended, ...activated];
  });
  await notifyStatusChanges(ctx, changes);
  return changes;
}

/**
 * Mails the merchant's accounts about approvals, rejections, starts and ends,
 * each account as its notification settings say (contacts by default).
 */
export async function notifyStatusChanges(ctx: AppContext, changes: StatusChange[]): Promise<void> {
  for (const change of changes) {
    const { campaign } = change;
    const event = notificationEventForStatus(campaign.status);
    if (!NOTIFIED_STATUSES.includes(campaign.status) || !event) continue;
    try {
      const to = await recipientsOf(ctx.db, campaign.merchantId, event);
      if (to.length === 0) continue;
      const [merchant] = await ctx.db
        .select({ name: merchants.name })
        .from(merchants)
        .where(eq(merchants.id, campaign.merchantId));
      const mail = campaignStatusMail({
        title: campaign.title.de ?? campaign.id,
        merchant: merchant?.name ?? '',
        status: campaign.status,
        reason: change.reason,
        appName: ctx.config.web.appName,
      });
      await ctx.mailer.send({ to, ...mail });
    } catch (error) {
      // A mail that cannot be sent must not undo the status change; it is logged instead.
      ctx.log.error({ err: error, campaign: campaign.id }, 'campaign status mail failed');
    }
  }
}

/** Runs the scheduler every interval; returns a function that stops it. */
export function startScheduler(ctx: AppContext): () => void {
  const seconds = ctx.config.campaigns.schedulerIntervalSeconds;
  return repeat(ctx.log, seconds * 1000, 'campaign scheduler', () => runScheduledTransitions(ctx));
}
