/**
 * Campaigns of any type (sweepstake, coupon, tip) in any status, with the
 * content the wizard would have saved (title, texts, runtime, benefit or
 * prizes) and the status history that led to the status.
 */
import {
  CAMPAIGN_STEPS,
  emptyCampaignContent,
  type CampaignStatus,
  type CampaignType,
  type TCampaignContent,
} from '@backoffice/domain';
import type { DbOrTx } from '../../src/platform/db/client.js';
import { campaigns, campaignStatusHistory } from '../../src/platform/db/schema.js';
import { validationColumns } from '../../src/modules/campaigns/view.js';

const DAY = 24 * 60 * 60 * 1000;

export interface CampaignOptions {
  merchantId: string;
  type?: CampaignType;
  status?: CampaignStatus;
  /** German title; `Campaign <n>` when left out. */
  title?: string;
  /** Defaults: from yesterday until in 30 days. */
  validFrom?: Date | null;
  validUntil?: Date | null;
  /** Fields of the content over the factory's complete content. */
  content?: Partial<TCampaignContent>;
  /** Every step saved (the default), as after the wizard; false for a fresh draft. */
  complete?: boolean;
  editorId?: string | null;
  parentId?: string | null;
  isListable?: boolean;
  imagePath?: string | null;
  /** Who made each status change of the history. */
  userId?: string | null;
}

export interface CreatedCampaign {
  id: string;
  merchantId: string;
  type: CampaignType;
  status: CampaignStatus;
  title: string;
}

/** The path of statuses a campaign takes to reach `status`. */
const PATHS: Record<CampaignStatus, CampaignStatus[]> = {
  created: ['created'],
  submitted: ['created', 'submitted'],
  start_review: ['created', 'submitted', 'start_review'],
  approved: ['created', 'submitted', 'approved'],
  active: ['created', 'submitted', 'approved', 'active'],
  ended: ['created', 'submitted', 'approved', 'active', 'ended'],
  rejected: ['created', 'submitted', 'rejected'],
  deleted: ['created', 'deleted'],
};

let campaignCount = 0;

/** The content of a campaign of this type that passes validation (but for its image). */
export function campaignContent(
  type: CampaignType,
  title: string,
  validFrom: Date | null,
  validUntil: Date | null,
): TCampaignContent {
  const content = emptyCampaignContent();
  content.title = { de: title };
  content.short_description = { de: `${title} in Kürze` };
  content.description = { de: `<p>${title}: alles Weitere.</p>` };
  content.valid_from = validFrom?.toISOString() ?? null;
  content.valid_until = validUntil?.toISOString() ?? null;
  if (type.startsWith('tip/')) content.tags = ['mode'];
  if (type === 'sweepstake/standard' || type === 'tip/sweepstake') {
    content.prizes = [
      {
        count: 1,
        value: 100,
        name: 'Gutschein',
        short_description: '',
        win_needs_response: false,
        winner_instructions: '',
        redemption: 'download',
      },
    ];
  }
  switch (type) {
    case 'coupon/percent':
      content.benefit.percent_discount = 10;
      break;
    case 'coupon/absolute':
      content.benefit.abs_discount = 100;
      break;
    case 'coupon/m_for_n':
      content.benefit.get_m = 3;
      content.benefit.pay_n = 2;
      break;
    case 'coupon/offer':
    case 'tip/offer':
      content.benefit.original_value = 2000;
      content.benefit.discounted_value = 1500;
      break;
    default:
      break;
  }
  if (type.startsWith('coupon/')) content.coupon.redemption = 'offline';
  return content;
}

/** Inserts a campaign (a coupon with percent discount unless told) and its status history. */
export async function createCampaign(
  db: DbOrTx,
  options: CampaignOptions,
): Promise<CreatedCampaign> {
  campaignCount += 1;
  const type = options.type ?? 'coupon/percent';
  const status = options.status ?? 'created';
  const title = options.title ?? `Campaign ${campaignCount}`;
  const now = Date.now();
  const validFrom = options.validFrom === undefined ? new Date(now - DAY) : options.validFrom;
  const validUntil =
    options.validUntil === undefined ? new Date(now + 30 * DAY) : options.validUntil;
  const content = {
    ...campaignContent(type, title, validFrom, validUntil),
    ...options.content,
  };
  const columns = {
    type,
    content,
    title: content.title,
    validFrom,
    validUntil,
    imagePath: options.imagePath ?? null,
  };
  const complete = options.complete ?? true;
  const [row] = await db
    .insert(campaigns)
    .values({
      ...columns,
      merchantId: options.merchantId,
      status,
      isListable: options.isListable ?? true,
      stepsSaved: complete
        ? Object.fromEntries(
            CAMPAIGN_STEPS.filter((step) => step !== 'review').map((step) => [step, true]),
          )
        : {},
      ...validationColumns(columns),
      editorId: options.editorId ?? null,
      parentId: options.parentId ?? null,
    })
    .returning({ id: campaigns.id });
  if (!row) throw new Error('the campaign was not inserted');
  const path = PATHS[status];
  await db.insert(campaignStatusHistory).values(
    path.map((to, index) => ({
      campaignId: row.id,
      fromStatus: index === 0 ? null : (path[index - 1] ?? null),
      toStatus: to,
      userId: options.userId ?? options.editorId ?? null,
      reason: to === 'rejected' ? 'Bitte überarbeiten.' : null,
    })),
  );
  return { id: row.id, merchantId: options.merchantId, type, status, title };
}
