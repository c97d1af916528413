/**
 * Reading a campaign for a use case and answering with it: the access
 * resolver's check (404 for a merchant the caller cannot see), the row lock
 * on request, and the envelope a command answers with, checked against the
 * answer schema inside the command's transaction.
 */
import {
  ZCampaignEnvelope,
  canTransition,
  emptyCampaignContent,
  isEditableStatus,
  uniqueCodePrizeNeed,
  type TCampaignEnvelope,
} from '@backoffice/domain';
import {
  requireCampaignAccess,
  type CampaignAccess,
  type MerchantAccess,
  type UserRow,
} from '../../platform/access/merchant-access.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError, invalidValues, notFound } from '../../platform/errors.js';
import { availableCodes } from '../codes/index.js';
import { lockCampaignAndTargets } from './link-records.js';
import {
  findCampaign,
  type CampaignDetailRecord,
  type CampaignInsert,
  type CampaignRecord,
} from './records.js';
import { toEnvelope } from './view.js';

export interface LoadedCampaign {
  record: CampaignDetailRecord;
  access: MerchantAccess;
}

/**
 * The campaign, if the user may manage campaigns of its merchant
 * (requireCampaignAccess: 404 for a campaign of a merchant the user cannot
 * see, 403 for a tip to a user who may not use tips). With `lock` (inside a
 * transaction) the record is read under a row lock once the caller is known.
 */
export async function loadCampaign(
  db: DbOrTx,
  user: UserRow,
  {
    id,
    lock,
    linkTargets,
    known,
  }: {
    id: string;
    lock?: boolean;
    /** Campaigns a save names as link targets: locked with the campaign, in id order. */
    linkTargets?: readonly string[];
    /** The caller's access to this campaign, found already (currentUserWithCampaignAccess). */
    known?: CampaignAccess;
  },
): Promise<LoadedCampaign> {
  const { access } =
    known?.campaign.id === id.toLowerCase() ? known : await requireCampaignAccess(db, user, id);
  if (lock && linkTargets?.length) await lockCampaignAndTargets(db, id, linkTargets);
  const record = await findCampaign(db, id, { lock });
  if (!record) throw notFound();
  return { record, access };
}

/** loadCampaign with a lock, for commands that may only change an editable campaign. */
export async function loadEditable(
  tx: DbOrTx,
  user: UserRow,
  {
    id,
    linkTargets,
    known,
  }: { id: string; linkTargets?: readonly string[]; known?: CampaignAccess },
): Promise<LoadedCampaign> {
  const loaded = await loadCampaign(tx, user, { id, lock: true, linkTargets, known });
  requireEditableStatus(loaded.record.campaign.status);
  return loaded;
}

/** Refuses a change of a campaign whose status no longer allows edits (409). */
export function requireEditableStatus(status: CampaignRecord['status']): void {
  if (!isEditableStatus(status)) throw new AppError(409, 'campaign_not_editable', 'current_status');
}

/** The available codes of a campaign whose "unique code" prizes need some; else undefined. */
export async function codesNeeded(
  db: DbOrTx,
  record: CampaignDetailRecord,
): Promise<number | undefined> {
  const content = { ...emptyCampaignContent(), ...record.campaign.content };
  return uniqueCodePrizeNeed(content) > 0 ? availableCodes(db, record.campaign.id) : undefined;
}

/** What an answer needs besides the caller: the transaction and the preview links' base. */
export interface AnswerDeps {
  db: DbOrTx;
  frontendUrl: string;
}

/** The envelope as stored now, checked against the answer schema (inside a command's transaction). */
export async function answer(
  deps: AnswerDeps,
  { access, id }: { access: MerchantAccess; id: string },
): Promise<TCampaignEnvelope> {
  const record = await findCampaign(deps.db, id);
  if (!record) throw notFound();
  return answerWith(deps, { access, record });
}

/**
 * The answer of a command that updated the campaign it had read under its
 * lock: that record with the row as stored (the user its editor now), not
 * read again.
 */
export function answerUpdated(
  deps: AnswerDeps,
  user: UserRow,
  { loaded: { record, access }, stored }: { loaded: LoadedCampaign; stored: CampaignRecord },
): Promise<TCampaignEnvelope> {
  return answerWith(deps, {
    access,
    record: {
      ...record,
      campaign: stored,
      editorEmail: stored.editorId === user.id ? user.email : record.editorEmail,
    },
  });
}

async function answerWith(
  { db, frontendUrl }: AnswerDeps,
  { access, record }: { access: MerchantAccess; record: CampaignDetailRecord },
): Promise<TCampaignEnvelope> {
  return checkedEnvelope(
    toEnvelope(record, { access, frontendUrl, availableCodes: await codesNeeded(db, record) }),
  );
}

/** The envelope, if the answer schema can carry it; else 400 with the fields it cannot (see answer). */
export function checkedEnvelope(envelope: TCampaignEnvelope): TCampaignEnvelope {
  const checked = ZCampaignEnvelope.safeParse(envelope);
  if (!checked.success) {
    // Input the save schema let through but the answer cannot carry: refused, and rolled back.
    throw invalidValues(
      checked.error.issues.map(({ path }) =>
        path
          .filter((part) => part !== 'campaign')
          .map(String)
          .join('.'),
      ),
    );
  }
  return envelope;
}

export async function envelopeOf(
  { db, frontendUrl }: AnswerDeps,
  user: UserRow,
  { id, known }: { id: string; known?: CampaignAccess },
): Promise<TCampaignEnvelope> {
  const { record, access } = await loadCampaign(db, user, { id, known });
  const availableCodes = await codesNeeded(db, record);
  return toEnvelope(record, { access, frontendUrl, availableCodes });
}

/**
 * Whether an edit stores a campaign of this status as it is, without the
 * locked path: an editable status that the edit does not reopen (a rejected
 * campaign gets a history row and events, storeEdit).
 */
export function editableInPlace(status: CampaignRecord['status']): boolean {
  return isEditableStatus(status) && !canTransition('reopen', status, 'merchant');
}

/**
 * The write of a change without a transaction (the common save, the common
 * image upload): the row as it will be stored is answered first, since an
 * answer the schema cannot carry is the locked path's to refuse (the errors
 * of codes, read after the write as the locked path reads them, always fit);
 * then `write` stores `values` only while the row is still the version read.
 * Undefined, nothing written, whenever the locked path must decide.
 */
export async function writeUnlocked(
  { db, frontendUrl }: AnswerDeps,
  user: UserRow,
  {
    record,
    access,
    values,
    write,
  }: {
    record: CampaignDetailRecord;
    access: MerchantAccess;
    values: Partial<CampaignInsert>;
    write: (values: Partial<CampaignInsert>) => Promise<CampaignRecord | undefined>;
  },
): Promise<TCampaignEnvelope | undefined> {
  // The row as it will be stored (the database stamps the time), with the user as its editor.
  const saved = {
    ...record,
    campaign: { ...record.campaign, ...values, modifiedAt: new Date() },
    editorEmail: user.email,
  };
  const answerDeps = { access, frontendUrl };
  try {
    checkedEnvelope(toEnvelope(saved, answerDeps));
  } catch {
    return undefined;
  }
  const stored = await write(values);
  if (!stored) return undefined;
  const storedRecord = { ...saved, campaign: stored };
  const availableCodes = await codesNeeded(db, storedRecord);
  return toEnvelope(storedRecord, { ...answerDeps, availableCodes });
}
