/**
 * Operator review (the server side the spec leaves unshown): admins take
 * submitted campaigns into review, approve or reject them with a reason.
 * Every change lands in the status history and is mailed to the merchant.
 */
import {
  buildPager,
  canTransition,
  type CampaignTransition,
  type TCampaignEnvelope,
  type TCampaignListResponse,
} from '@backoffice/domain';
import type { CampaignDeps } from './deps.js';
import { requireAdmin } from '../../platform/access/admin.js';
import { AppError } from '../../platform/errors.js';
import type { UserRow } from '../../platform/access/merchant-access.js';
import { changeStatus, notifyStatusChanges } from './lifecycle.js';
import { listReviewQueue } from './records.js';
import { envelopeOf, loadCampaign } from './answers.js';
import { toCampaignRow } from './view.js';

export async function reviewQueue(
  { db, frontendUrl }: Pick<CampaignDeps, 'db' | 'frontendUrl'>,
  user: UserRow,
  page: number,
): Promise<TCampaignListResponse> {
  requireAdmin(user);
  const { rows, total } = await listReviewQueue(db, page);
  return {
    rows: rows.map((record) => toCampaignRow(record, frontendUrl)),
    pager: buildPager(page, total),
  };
}

export async function reviewCampaign(
  deps: Pick<CampaignDeps, 'db' | 'frontendUrl' | 'jobs' | 'appName'>,
  user: UserRow,
  {
    id,
    transition,
    reason,
  }: {
    id: string;
    transition: Extract<CampaignTransition, 'start_review' | 'approve' | 'reject'>;
    reason: string | null;
  },
): Promise<TCampaignEnvelope> {
  requireAdmin(user);
  return deps.db.transaction(async (tx) => {
    const { record } = await loadCampaign(tx, user, { id, lock: true });
    if (!canTransition(transition, record.campaign.status, 'admin')) {
      throw new AppError(409, 'invalid_transition', 'current_status');
    }
    const to =
      transition === 'start_review'
        ? 'start_review'
        : transition === 'approve'
          ? 'approved'
          : 'rejected';
    const change = await changeStatus(tx, record.campaign, {
      to,
      userId: user.id,
      reason,
      set: { autoApproveAt: null },
    });
    await notifyStatusChanges(deps, tx, [change]);
    return envelopeOf({ db: tx, frontendUrl: deps.frontendUrl }, user, { id });
  });
}
