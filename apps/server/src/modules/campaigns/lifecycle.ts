/**
 * Status changes of campaigns: one conditional UPDATE plus a history row per
 * change (so two processes can never apply the same change twice), the
 * scheduler that publishes and ends campaigns by the calendar, and the mails
 * to the merchant's contacts, put into the outbox in the change's transaction.
 */
import {
  NOTIFIED_STATUSES,
  canTransition,
  notificationEventForStatus,
  webhookEventForStatus,
  type CampaignStatus,
} from '@backoffice/domain';
import { defineJob } from '../../platform/define-job.js';
import { recurringJobPolicy } from '../../platform/jobs/recurring.js';
import { ADVISORY_LOCK_KEYS, tryAdvisoryXactLock } from '../../platform/db/advisory-locks.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { enqueueMail } from '../../platform/mail/outbox.js';
import { campaignStatusMail } from '../../platform/mail/templates.js';
import { recipientsOf } from '../notifications/index.js';
import { recordWebhookEvents, type WebhookEvent } from '../webhooks/index.js';
import {
  findMerchantName,
  updateCampaignModifiedNow,
  type CampaignInsert,
  type CampaignRecord,
} from './records.js';
import {
  campaignsDueForApproval,
  campaignsDueToEnd,
  campaignsDueToStart,
  insertStatusHistory,
  updateStatusIf,
} from './status-records.js';
import type { StatusMailDeps } from './deps.js';

export interface StatusChange {
  campaign: CampaignRecord;
  from: CampaignStatus;
  reason: string | null;
}

/**
 * Stores an edit of a campaign read under its row lock, stamped as modified
 * now. Any edit of a rejected campaign (its content or its image) reopens it:
 * rejected → created, with a history row.
 */
export async function storeEdit(
  tx: DbOrTx,
  campaign: CampaignRecord,
  { userId, values }: { userId: string; values: Partial<CampaignInsert> },
): Promise<CampaignRecord> {
  if (!canTransition('reopen', campaign.status, 'merchant')) {
    return updateCampaignModifiedNow(tx, campaign.id, values);
  }
  return (await changeStatus(tx, campaign, { to: 'created', userId, set: values })).campaign;
}

/** Moves one campaign from its current status to another, or refuses with 409 when it moved meanwhile. */
export async function changeStatus(
  tx: DbOrTx,
  campaign: CampaignRecord,
  by: {
    to: CampaignStatus;
    userId: string | null;
    reason?: string | null;
    set?: Partial<CampaignInsert>;
  },
): Promise<StatusChange> {
  const { to } = by;
  const updated = await updateStatusIf(tx, campaign, {
    ...by.set,
    status: to,
    ...(by.userId ? { editorId: by.userId } : {}),
  });
  if (!updated) throw new AppError(409, 'status_changed', 'current_status');
  await insertStatusHistory(tx, {
    campaignId: campaign.id,
    fromStatus: campaign.status,
    toStatus: to,
    userId: by.userId,
    reason: by.reason ?? null,
  });
  const change = { campaign: updated, from: campaign.status, reason: by.reason ?? null };
  await recordWebhookEvents(tx, statusEvents([change]));
  return change;
}

/** The webhook events of status changes (docs/product.md#webhooks): ids, type, statuses, title. */
function statusEvents(changes: readonly StatusChange[]): WebhookEvent[] {
  return changes.flatMap(({ campaign, from, reason }) => {
    const type = webhookEventForStatus(campaign.status);
    if (!type) return [];
    const data = {
      campaign_id: campaign.id,
      merchant_id: campaign.merchantId,
      campaign_type: campaign.type,
      status: campaign.status,
      previous_status: from,
      title: campaign.title.de ?? null,
      ...(campaign.status === 'rejected' ? { reason } : {}),
    };
    return [{ type, merchantId: campaign.merchantId, data }];
  });
}

async function applyBulk(
  tx: DbOrTx,
  before: CampaignRecord[],
  { to, reason }: { to: CampaignStatus; reason: string },
): Promise<StatusChange[]> {
  const changes: StatusChange[] = [];
  for (const campaign of before) {
    const updated = await updateStatusIf(tx, campaign, {
      status: to,
      autoApproveAt: null,
    });
    if (!updated) continue;
    await insertStatusHistory(tx, {
      campaignId: campaign.id,
      fromStatus: campaign.status,
      toStatus: to,
      userId: null,
      reason,
    });
    changes.push({ campaign: updated, from: campaign.status, reason: null });
  }
  await recordWebhookEvents(tx, statusEvents(changes));
  return changes;
}

/**
 * Applies what the calendar says: agency submissions whose delay passed are
 * approved; approved campaigns whose runtime began become active; approved or
 * active campaigns whose runtime is over end. Returns the changes made.
 */
export async function runScheduledTransitions(
  deps: StatusMailDeps & { db: Db },
  now = new Date(),
): Promise<StatusChange[]> {
  return deps.db.transaction(async (tx) => {
    if (!(await tryAdvisoryXactLock(tx, ADVISORY_LOCK_KEYS.scheduler))) return [];
    const approved = await applyBulk(tx, await campaignsDueForApproval(tx, now), {
      to: 'approved',
      reason: 'auto_approved',
    });
    const ended = await applyBulk(tx, await campaignsDueToEnd(tx, now), {
      to: 'ended',
      reason: 'runtime_over',
    });
    const activated = await applyBulk(tx, await campaignsDueToStart(tx, now), {
      to: 'active',
      reason: 'runtime_started',
    });
    const changes = [...approved, ...ended, ...activated];
    await notifyStatusChanges(deps, tx, changes);
    return changes;
  });
}

/**
 * Mails the merchant's accounts about approvals, rejections, starts and ends,
 * each account as its notification settings say (contacts by default). Runs
 * in the transaction of the changes: the recipients are read there and the
 * mails go into the outbox with them, so a committed change is always mailed
 * (retried while the mail server refuses) and a rolled-back one never.
 */
export async function notifyStatusChanges(
  deps: StatusMailDeps,
  tx: DbOrTx,
  changes: StatusChange[],
): Promise<void> {
  for (const change of changes) {
    const { campaign } = change;
    const event = notificationEventForStatus(campaign.status);
    if (!NOTIFIED_STATUSES.includes(campaign.status) || !event) continue;
    const to = await recipientsOf(tx, campaign.merchantId, event);
    if (to.length === 0) continue;
    const merchantName = await findMerchantName(tx, campaign.merchantId);
    const mail = campaignStatusMail({
      title: campaign.title.de ?? campaign.id,
      merchant: merchantName ?? '',
      status: campaign.status,
      reason: change.reason,
      appName: deps.appName,
    });
    await enqueueMail(deps, tx, { to, ...mail });
  }
}

/** The scheduler, every scheduler interval across all processes. */
export const campaignSchedulerJob = defineJob({
  name: 'campaign-scheduler',
  pollSeconds: 5, // a run every SCHEDULER_INTERVAL_SECONDS (30 s by default)
  queue: recurringJobPolicy,
  everySeconds: (config) => config.campaigns.schedulerIntervalSeconds,
  run: async (ctx) => {
    await runScheduledTransitions({ db: ctx.db, jobs: ctx.jobs, appName: ctx.config.web.appName });
  },
});
