/**
 * Campaign use cases: each checks the caller (merchant access, role, level,
 * tip rule), runs in one transaction, and returns the API's shape.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  CAMPAIGN_STEPS,
  ZCampaignContent,
  canClone,
  canToggleListable,
  canTransition,
  canUseTips,
  campaignFamily,
  effectiveMerchantLevel,
  emptyCampaignContent,
  isCampaignType,
  isEditableStatus,
  type CampaignStep,
  type TCampaignContentPatch,
  type TCampaignDeleteResponse,
  type TCampaignEnvelope,
  type TCampaignRow,
  type TStatusHistoryResponse,
} from '@backoffice/domain';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { campaigns, campaignStatusHistory, users } from '../../db/schema.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import {
  findMerchantAccess,
  requireMerchantAccess,
  type MerchantAccess,
} from '../merchants/access.js';
import type { UserRow } from '../users/queries.js';
import { changeStatus, notifyStatusChanges } from './lifecycle.js';
import { findCampaign, findFollowups, type CampaignListRecord } from './queries.js';
import { sanitizeContentPatch } from './sanitize.js';
import { campaignErrors, toCampaignRow, toEnvelope } from './view.js';

export interface LoadedCampaign {
  record: CampaignListRecord;
  access: MerchantAccess;
}

/**
 * The campaign, if the user may manage campaigns of its merchant. Campaigns of
 * merchants the user cannot see answer 404 (their existence is not told); tips
 * answer 403 to users who are neither admin nor agency.
 */
export async function loadCampaign(db: DbOrTx, user: UserRow, id: string): Promise<LoadedCampaign> {
  const record = await findCampaign(db, id);
  if (!record) throw notFound();
  const access = await findMerchantAccess(db, user, record.campaign.merchantId);
  if (!access) throw notFound();
  if (user.level === 'other' && !access.roles.includes('manage-campaigns')) throw forbidden();
  if (campaignFamily(record.campaign.type) === 'tip' && !canUseTips(user)) throw forbidden();
  return { record, access };
}

async function followupIds(db: DbOrTx, id: string): Promise<string[]> {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.parentId, id), ne(campaigns.status, 'deleted')))
    .orderBy(asc(campaigns.createdAt));
  return rows.map((row) => row.id);
}

export async function envelopeOf(
  ctx: AppContext,
  db: DbOrTx,
  user: UserRow,
  id: string,
): Promise<TCampaignEnvelope> {
  const { record, access } = await loadCampaign(db, user, id);
  return toEnvelope(record, await followupIds(db, id), user, access, ctx.config.web.frontendUrl);
}

function requireLevelFeature(
  user: UserRow,
  access: MerchantAccess,
  allowed: (level: number) => boolean,
) {
  if (!allowed(effectiveMerchantLevel(user.level, access.merchant.level))) throw forbidden();
}

const allStepsSaved = () => Object.fromEntries(CAMPAIGN_STEPS.map((step) => [step, true]));

export async function createCampaign(
  ctx: AppContext,
  user: UserRow,
  body: { merchant: string; type: string },
): Promise<TCampaignEnvelope> {
  const access = await requireMerchantAccess(ctx.db, user, body.merchant, 'manage-campaigns');
  if (!isCampaignType(body.type)) throw badRequest('invalid_value', 'type');
  if (campaignFamily(body.type) === 'tip' && !canUseTips(user)) throw forbidden();
  const [created] = await ctx.db
    .insert(campaigns)
    .values({
      merchantId: access.merchant.id,
      type: body.type,
      content: emptyCampaignContent(),
      editorId: user.id,
    })
    .returning({ id: campaigns.id });
  if (!created) throw new Error('insert returned no row');
  await ctx.db
    .insert(campaignStatusHistory)
    .values({ campaignId: created.id, toStatus: 'created', userId: user.id });
  return envelopeOf(ctx, ctx.db, user, created.id);
}

/**
 * Saves a campaign's content (spec §4 "Wizard saving"). Invalid values are
 * kept, so nothing typed is lost; the envelope reports the errors per step.
 * `validate` names the step of an intermediate save; without it every step
 * counts as saved (a full save). A rejected campaign returns to created.
 */
export async function saveCampaign(
  ctx: AppContext,
  user: UserRow,
  id: string,
  patch: TCampaignContentPatch,
  validate: CampaignStep | undefined,
): Promise<TCampaignEnvelope> {
  const changes = await ctx.db.transaction(async (tx) => {
    const { record } = await loadCampaign(tx, user, id);
    const { campaign } = record;
    if (!isEditableStatus(campaign.status))
      throw new AppError(409, 'campaign_not_editable', 'current_status');
    const safe = sanitizeContentPatch(patch, campaign.content.description_format);
    const content = ZCampaignContent.parse({ ...campaign.content, ...safe });
    const values = {
      content,
      title: safe.title ?? campaign.title,
      validFrom:
        patch.valid_from !== undefined
          ? patch.valid_from
            ? new Date(patch.valid_from)
            : null
          : campaign.validFrom,
      validUntil:
        patch.valid_until !== undefined
          ? patch.valid_until
            ? new Date(patch.valid_until)
            : null
          : campaign.validUntil,
      stepsSaved: validate ? { ...campaign.stepsSaved, [validate]: true } : allStepsSaved(),
      editorId: user.id,
      modifiedAt: new Date(),
    };
    if (campaign.status === 'rejected') {
      return [await changeStatus(tx, campaign, 'created', { userId: user.id, set: values })];
    }
    await tx.update(campaigns).set(values).where(eq(campaigns.id, id));
    return [];
  });
  await notifyStatusChanges(ctx, changes);
  return envelopeOf(ctx, ctx.db, user, id);
}

/** Submits a campaign without errors; agencies' and admins' submissions are approved after a delay. */
export async function submitCampaign(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<TCampaignEnvelope> {
  await ctx.db.transaction(async (tx) => {
    const { record } = await loadCampaign(tx, user, id);
    if (!canTransition('submit', record.campaign.status, 'merchant')) {
      throw new AppError(409, 'campaign_not_submittable', 'current_status');
    }
    if (campaignErrors(record.campaign).length > 0) throw new AppError(400, 'campaign_has_errors');
    const autoApprove = user.level === 'agency' || user.level === 'admin';
    const delay = ctx.config.campaigns.agencyAutoApproveSeconds * 1000;
    await changeStatus(tx, record.campaign, 'submitted', {
      userId: user.id,
      set: autoApprove ? { autoApproveAt: new Date(Date.now() + delay) } : {},
    });
  });
  return envelopeOf(ctx, ctx.db, user, id);
}

/** Copies a campaign: new id, title marked as copy, status created, statistics zeroed (merchant level 1). */
export async function cloneCampaign(
  ctx: AppContext,
  user: UserRow,
  sourceId: string,
  options: { parentId?: string } = {},
): Promise<TCampaignEnvelope> {
  const { record, access } = await loadCampaign(ctx.db, user, sourceId);
  if (!options.parentId) requireLevelFeature(user, access, canClone);
  const source = record.campaign;
  const isFollowup = options.parentId !== undefined;
  const title = Object.fromEntries(
    Object.entries(source.title).map(([locale, text]) => [
      locale,
      isFollowup ? text : `${text} (Kopie)`,
    ]),
  );
  const id = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(campaigns)
      .values({
        merchantId: source.merchantId,
        type: source.type,
        title,
        content: { ...source.content, title },
        // A follow-up gets its own runtime; a clone keeps the source's.
        validFrom: isFollowup ? null : source.validFrom,
        validUntil: isFollowup ? null : source.validUntil,
        imagePath: source.imagePath,
        imageExtension: source.imageExtension,
        isListable: true,
        isClone: !isFollowup,
        stepsSaved: isFollowup ? {} : allStepsSaved(),
        parentId: options.parentId ?? null,
        editorId: user.id,
      })
      .returning({ id: campaigns.id });
    if (!created) throw new Error('insert returned no row');
    await tx.insert(campaignStatusHistory).values({
      campaignId: created.id,
      toStatus: 'created',
      userId: user.id,
      reason: isFollowup ? `followup_of:${sourceId}` : `clone_of:${sourceId}`,
    });
    return created.id;
  });
  return envelopeOf(ctx, ctx.db, user, id);
}

export async function toggleListable(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<{ listable: boolean }> {
  const { access } = await loadCampaign(ctx.db, user, id);
  requireLevelFeature(user, access, canToggleListable);
  const [row] = await ctx.db
    .update(campaigns)
    .set({
      isListable: sql`not ${campaigns.isListable}`,
      modifiedAt: sql`now()`,
      editorId: user.id,
    })
    .where(eq(campaigns.id, id))
    .returning({ listable: campaigns.isListable });
  if (!row) throw notFound();
  return { listable: row.listable };
}

/** Deletes a campaign unless people took part in it (spec §4 "Delete"). */
export async function deleteCampaign(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<TCampaignDeleteResponse> {
  return ctx.db.transaction(async (tx) => {
    const { record } = await loadCampaign(tx, user, id);
    const { campaign } = record;
    if (campaign.status === 'deleted') return { status: 'deleted', reason: null };
    if (campaign.participations > 0)
      return { status: campaign.status, reason: 'has_participations' };
    if (!canTransition('delete', campaign.status, 'merchant'))
      return { status: campaign.status, reason: 'not_deletable' };
    await changeStatus(tx, campaign, 'deleted', { userId: user.id });
    return { status: 'deleted', reason: null };
  });
}

export async function statusHistory(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<TStatusHistoryResponse> {
  await loadCampaign(ctx.db, user, id);
  const rows = await ctx.db
    .select({ entry: campaignStatusHistory, email: users.email })
    .from(campaignStatusHistory)
    .leftJoin(users, eq(users.id, campaignStatusHistory.userId))
    .where(eq(campaignStatusHistory.campaignId, id))
    .orderBy(asc(campaignStatusHistory.createdAt), asc(campaignStatusHistory.id));
  return {
    history: rows.map(({ entry, email }) => ({
      from: entry.fromStatus,
      to: entry.toStatus,
      by: email ? { email } : null,
      at: entry.createdAt.toISOString(),
      reason: entry.reason,
    })),
  };
}

async function followupRows(ctx: AppContext, id: string): Promise<TCampaignRow[]> {
  const records = await findFollowups(ctx.db, id);
  return records.map((record) => toCampaignRow(record, ctx.config.web.frontendUrl));
}

export async function listFollowups(ctx: AppContext, user: UserRow, id: string) {
  await loadCampaign(ctx.db, user, id);
  return { rows: await followupRows(ctx, id) };
}

/** Unlinks follow-ups from their parent: one (by ident) or all. The campaigns themselves stay. */
export async function unlinkFollowups(
  ctx: AppContext,
  user: UserRow,
  id: string,
  followupId: string | undefined,
) {
  await loadCampaign(ctx.db, user, id);
  await ctx.db
    .update(campaigns)
    .set({ parentId: null, modifiedAt: sql`now()` })
    .where(and(eq(campaigns.parentId, id), followupId ? eq(campaigns.id, followupId) : undefined));
  return { rows: await followupRows(ctx, id) };
}

export const createFollowup = (ctx: AppContext, user: UserRow, id: string) =>
  cloneCampaign(ctx, user, id, { parentId: id });
