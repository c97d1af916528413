/**
 * Campaign use cases. Each checks the caller through the access resolver
 * (merchant, role, level, tip rule), runs as one transaction that locks the
 * campaign's row (so commands on one campaign never interleave), and builds
 * its answer inside that transaction: a write whose answer cannot be
 * produced is not committed. Reading a campaign and answering with it are in
 * answers.ts.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  CAMPAIGN_LINK_FIELDS,
  CAMPAIGN_STEPS,
  ZCampaignContent,
  ZRequiredData,
  canToggleListable,
  canTransition,
  canUseRequiredDataStep,
  emptyCampaignContent,
  isCampaignType,
  type CampaignStep,
  type TCampaignContent,
  type TCampaignDeleteResponse,
  type TCampaignEnvelope,
  type TCampaignRow,
  type TCampaignSaveBody,
  type TStatusHistoryResponse,
} from '@backoffice/domain';
import {
  checkCampaignNeed,
  checkNeed,
  requireMerchantAccess,
  type CampaignAccess,
  type MerchantAccess,
  type UserRow,
} from '../../platform/access/merchant-access.js';
import type { Db } from '../../platform/db/client.js';
import type { CampaignDeps } from './deps.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import {
  answer,
  answerUpdated,
  codesNeeded,
  editableInPlace,
  loadCampaign,
  loadEditable,
  writeUnlocked,
  type AnswerDeps,
} from './answers.js';
import { changeStatus, storeEdit } from './lifecycle.js';
import { checkCampaignLinks, initialCoregSuitable } from './links.js';
import {
  anyoneTookPart,
  findFollowups,
  flipListable,
  insertCampaign,
  lockWithFollowups,
  unlinkFollowupRows,
  updateCampaignIfUnchanged,
  type CampaignInsert,
  type CampaignRecord,
} from './records.js';
import { insertStatusHistory, statusHistoryRows } from './status-records.js';
import { sanitizeContentPatch } from './sanitize.js';
import { traced } from '../../platform/tracing/hooks.js';
import { campaignErrors, codeErrors, toCampaignRow, validationColumns } from './view.js';

export const allStepsSaved = () => Object.fromEntries(CAMPAIGN_STEPS.map((step) => [step, true]));

export async function createCampaign(
  deps: Pick<CampaignDeps, 'db' | 'frontendUrl'>,
  user: UserRow,
  body: { merchant: string; type: string },
): Promise<TCampaignEnvelope> {
  if (!isCampaignType(body.type)) throw badRequest('invalid_value', 'type');
  const type = body.type;
  return traced('campaign.create', () =>
    deps.db.transaction(async (tx) => {
      const access = await requireMerchantAccess(tx, user, { merchantId: body.merchant });
      checkCampaignNeed(user, access, type);
      const content = {
        ...emptyCampaignContent(),
        coreg_suitable: initialCoregSuitable(access.merchant),
      };
      const createdId = await insertCampaign(tx, {
        merchantId: access.merchant.id,
        type,
        content,
        editorId: user.id,
        ...validationColumns({
          type,
          content,
          title: {},
          validFrom: null,
          validUntil: null,
          imagePath: null,
        }),
      });
      await insertStatusHistory(tx, {
        campaignId: createdId,
        toStatus: 'created',
        userId: user.id,
      });
      return answer({ db: tx, frontendUrl: deps.frontendUrl }, { access, id: createdId });
    }),
  );
}

const dateOrNull = (value: string | null) => (value ? new Date(value) : null);

/**
 * A level-0 merchant's user may not set required data (docs/product.md#roles-and-access). Sending the
 * stored value back unchanged is harmless and allowed.
 */
function checkRequiredData(
  access: MerchantAccess,
  stored: TCampaignContent,
  { patch, validate }: { patch: TCampaignSaveBody; validate: CampaignStep | undefined },
) {
  if (canUseRequiredDataStep(access.level)) return;
  const unchanged =
    patch.required_data === undefined ||
    isDeepStrictEqual(
      ZRequiredData.parse(patch.required_data),
      ZRequiredData.parse(stored.required_data),
    );
  if (validate === 'requireddata' || !unchanged) {
    throw new AppError(403, 'forbidden', 'required_data');
  }
}

/** A save: the campaign, the fields sent, the step, and the caller's access if found already. */
export interface CampaignChange {
  id: string;
  body: TCampaignSaveBody;
  validate: CampaignStep | undefined;
  known?: CampaignAccess;
}

/**
 * Saves a campaign's content (docs/product.md#the-campaign-wizard): the patch is merged
 * into the stored campaign, so concurrent saves of different steps both
 * last. Invalid values are kept, so nothing typed is lost; the envelope
 * reports the errors per step. `validate` names the step of an intermediate
 * save; without it every step counts as saved (a full save). A save that
 * names the version it was loaded at is refused when the campaign has
 * changed since. A rejected campaign returns to created.
 *
 * Most saves change a campaign in created with no link targets, and take
 * three statements (the session with the access, the campaign, the write:
 * saveUnlocked); every other save, and one whose campaign changed between
 * its read and its write, runs as before under the row lock in a
 * transaction (saveLocked), which decides every refusal.
 */
export async function saveCampaign(
  deps: Pick<CampaignDeps, 'db' | 'frontendUrl'>,
  user: UserRow,
  change: CampaignChange,
): Promise<TCampaignEnvelope> {
  return traced(
    'campaign.save',
    async () => (await saveUnlocked(deps, user, change)) ?? saveLocked(deps, user, change),
  );
}

type ContentPatch = Omit<TCampaignSaveBody, 'version'>;

const linkTargetsOf = (patch: ContentPatch) =>
  CAMPAIGN_LINK_FIELDS.flatMap((field) => patch[field] ?? []);

/** What a save stores: the patch made safe and merged into the campaign as read, its errors, the step saved and the next version. */
function savedColumns(
  campaign: CampaignRecord,
  user: UserRow,
  { patch, validate }: { patch: ContentPatch; validate: CampaignStep | undefined },
): Partial<CampaignInsert> {
  const safe = sanitizeContentPatch(patch, campaign.content.description_format);
  const content = ZCampaignContent.parse({ ...campaign.content, ...safe });
  const columns = {
    content,
    title: safe.title ?? campaign.title,
    validFrom: patch.valid_from !== undefined ? dateOrNull(patch.valid_from) : campaign.validFrom,
    validUntil:
      patch.valid_until !== undefined ? dateOrNull(patch.valid_until) : campaign.validUntil,
  };
  return {
    ...columns,
    ...validationColumns({ ...columns, type: campaign.type, imagePath: campaign.imagePath }),
    stepsSaved: validate ? { ...campaign.stepsSaved, [validate]: true } : allStepsSaved(),
    version: campaign.version + 1,
    editorId: user.id,
  };
}

/**
 * A save under the row lock: the campaign and the link targets it names
 * are locked (loadEditable) before anything is checked, and the edit is
 * stored with its status change (storeEdit) in the same transaction.
 */
function saveLocked(
  deps: Pick<CampaignDeps, 'db' | 'frontendUrl'>,
  user: UserRow,
  { id, body, validate, known }: CampaignChange,
): Promise<TCampaignEnvelope> {
  const { version, ...patch } = body;
  return deps.db.transaction(async (tx) => {
    const loaded = await loadEditable(tx, user, { id, linkTargets: linkTargetsOf(patch), known });
    const { record, access } = loaded;
    const { campaign } = record;
    if (version !== undefined && version !== campaign.version)
      throw new AppError(409, 'campaign_changed', 'version');
    checkRequiredData(access, campaign.content, { patch, validate });
    await checkCampaignLinks(tx, user, { campaign, merchant: access.merchant, patch });
    const values = savedColumns(campaign, user, { patch, validate });
    const stored = await storeEdit(tx, campaign, { userId: user.id, values });
    return answerUpdated({ db: tx, frontendUrl: deps.frontendUrl }, user, { loaded, stored });
  });
}

/**
 * The common save without a transaction or a lock held across statements
 * (each costs a round trip): a campaign in created, no link targets (their
 * share locks last until the commit), the checks of saveLocked on the
 * campaign as read, and one write that stores it only while the row is
 * still the version read (updateCampaignIfUnchanged). Undefined, nothing
 * written, whenever saveLocked must decide: another status, a check that
 * refuses (saveLocked refuses it again, under the lock, with the same
 * error), an answer the schema cannot carry, or a write that came between.
 * Access (404, 403) is the same either way, read with the session.
 */
async function saveUnlocked(
  deps: Pick<CampaignDeps, 'db' | 'frontendUrl'>,
  user: UserRow,
  { id, body, validate, known }: CampaignChange,
): Promise<TCampaignEnvelope | undefined> {
  const { version, ...patch } = body;
  if (linkTargetsOf(patch).length > 0) return undefined;
  const { record, access } = await loadCampaign(deps.db, user, { id, known });
  const { campaign } = record;
  // A rejected campaign reopens with a history row (storeEdit); others refuse (loadEditable).
  if (!editableInPlace(campaign.status)) return undefined;
  let values: Partial<CampaignInsert>;
  try {
    if (version !== undefined && version !== campaign.version) return undefined;
    checkRequiredData(access, campaign.content, { patch, validate });
    await checkCampaignLinks(deps.db, user, { campaign, merchant: access.merchant, patch });
    values = savedColumns(campaign, user, { patch, validate });
  } catch {
    return undefined;
  }
  return writeUnlocked(deps, user, {
    record,
    access,
    values,
    write: (stored) =>
      updateCampaignIfUnchanged(
        deps.db,
        { id: campaign.id, rowVersion: record.rowVersion },
        stored,
      ),
  });
}

/** Submits a campaign without errors; agencies' and admins' submissions are approved after a delay. */
export async function submitCampaign(
  deps: Pick<CampaignDeps, 'db' | 'frontendUrl' | 'agencyAutoApproveSeconds'>,
  user: UserRow,
  id: string,
): Promise<TCampaignEnvelope> {
  return traced('campaign.submit', () =>
    deps.db.transaction(async (tx) => {
      const { record, access } = await loadCampaign(tx, user, { id, lock: true });
      if (!canTransition('submit', record.campaign.status, 'merchant')) {
        throw new AppError(409, 'campaign_not_submittable', 'current_status');
      }
      const available = await codesNeeded(tx, record);
      const errors = [
        ...campaignErrors(record.campaign),
        ...(available === undefined ? [] : codeErrors(record.campaign, available)),
      ];
      if (errors.length > 0) throw new AppError(400, 'campaign_has_errors');
      const autoApprove = user.level === 'agency' || user.level === 'admin';
      const delay = deps.agencyAutoApproveSeconds * 1000;
      await changeStatus(tx, record.campaign, {
        to: 'submitted',
        userId: user.id,
        set: autoApprove ? { autoApproveAt: new Date(Date.now() + delay) } : {},
      });
      return answer({ db: tx, frontendUrl: deps.frontendUrl }, { access, id });
    }),
  );
}

export async function toggleListable(
  db: Db,
  user: UserRow,
  id: string,
): Promise<{ listable: boolean }> {
  return db.transaction(async (tx) => {
    const { access } = await loadCampaign(tx, user, { id, lock: true });
    checkNeed(access, { feature: canToggleListable });
    const listable = await flipListable(tx, id, user.id);
    if (listable === undefined) throw notFound();
    return { listable };
  });
}

/** Deletes a campaign unless people took part in it (docs/product.md#campaign-states "Delete"). */
export async function deleteCampaign(
  db: Db,
  user: UserRow,
  id: string,
): Promise<TCampaignDeleteResponse> {
  return traced('campaign.delete', () =>
    db.transaction(async (tx) => {
      const { record } = await loadCampaign(tx, user, { id, lock: true });
      const { campaign } = record;
      if (campaign.status === 'deleted') return { status: 'deleted', reason: null };
      // The counters lag behind the ingest by a fold; the participants do not.
      if ((record.counters?.participations ?? 0) > 0 || (await anyoneTookPart(tx, id)))
        return { status: campaign.status, reason: 'has_participations' };
      if (!canTransition('delete', campaign.status, 'merchant'))
        return { status: campaign.status, reason: 'not_deletable' };
      await changeStatus(tx, campaign, { to: 'deleted', userId: user.id });
      return { status: 'deleted', reason: null };
    }),
  );
}

export async function statusHistory(
  db: Db,
  user: UserRow,
  id: string,
): Promise<TStatusHistoryResponse> {
  await loadCampaign(db, user, { id });
  const rows = await statusHistoryRows(db, id);
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

async function followupRows({ db, frontendUrl }: AnswerDeps, id: string): Promise<TCampaignRow[]> {
  const records = await findFollowups(db, id);
  return records.map((record) => toCampaignRow(record, frontendUrl));
}

export async function listFollowups(
  deps: Pick<CampaignDeps, 'db' | 'frontendUrl'>,
  user: UserRow,
  id: string,
) {
  await loadCampaign(deps.db, user, { id });
  return { rows: await followupRows(deps, id) };
}

/** Unlinks follow-ups from their parent: one (by ident) or all. The campaigns themselves stay. */
export async function unlinkFollowups(
  deps: Pick<CampaignDeps, 'db' | 'frontendUrl'>,
  user: UserRow,
  { id, followupId }: { id: string; followupId: string | undefined },
) {
  return deps.db.transaction(async (tx) => {
    await loadCampaign(tx, user, { id });
    await lockWithFollowups(tx, id);
    await unlinkFollowupRows(tx, id, followupId);
    return { rows: await followupRows({ db: tx, frontendUrl: deps.frontendUrl }, id) };
  });
}
