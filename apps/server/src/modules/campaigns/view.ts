/** Turns stored campaigns into the API's shapes: list rows and the envelope. */
import {
  CAMPAIGN_STEPS,
  VALIDATION_RULES_VERSION,
  ZCampaignContent,
  campaignPhase,
  emptyCampaignContent,
  isEditableStatus,
  prizeCodeErrors,
  validateCampaign,
  type StepError,
  type TCampaignContent,
  type TCampaign,
  type TCampaignEnvelope,
  type TCampaignRow,
  type TMerchantSummary,
} from '@backoffice/domain';
import type { MerchantAccess } from '../../platform/access/merchant-access.js';
import { merchantSummary } from '../../platform/access/merchant-list.js';
import { coregOf } from './links.js';
import type {
  CampaignDetailRecord,
  CampaignRecord,
  CampaignSummary,
  CampaignSummaryRecord,
} from './records.js';

export const fileUrl = (storedPath: string) => `/files/${storedPath}`;

export function previewLink(frontendUrl: string, campaignId: string): string {
  return `${frontendUrl.replace(/\/$/, '')}/campaign/${campaignId}`;
}

export function toCampaignRow(
  record: CampaignSummaryRecord,
  frontendUrl: string,
  now = new Date(),
): TCampaignRow {
  const { campaign, counters } = record;
  return {
    uuid: campaign.id,
    type: campaign.type,
    title: campaign.title,
    current_status: campaign.status,
    phase: campaignPhase(campaign.status, campaign.validFrom, campaign.validUntil, now),
    valid_from: campaign.validFrom?.toISOString() ?? null,
    valid_until: campaign.validUntil?.toISOString() ?? null,
    modified: campaign.modifiedAt.toISOString(),
    editor: record.editorEmail ? { email: record.editorEmail } : null,
    image: campaign.imagePath ? { src: fileUrl(campaign.imagePath) } : null,
    is_listable: campaign.isListable,
    is_unfinished: isUnfinished(campaign, campaignErrors(campaign)),
    participations: counters?.participations ?? 0,
    distinct_users: counters?.distinctUsers ?? 0,
    view_list: counters?.viewList ?? 0,
    view_detail: counters?.viewDetail ?? 0,
    view_mail: counters?.viewMail ?? 0,
    merchant: { uuid: campaign.merchantId, name: record.merchantName },
    preview_link: previewLink(frontendUrl, campaign.id),
    rejection_reason: record.rejectionReason,
  };
}

const EMPTY_CONTENT = emptyCampaignContent();

/** What validation reads of a campaign: the columns a write sets. */
export type ValidatedColumns = Pick<
  CampaignRecord,
  'type' | 'content' | 'title' | 'validFrom' | 'validUntil' | 'imagePath'
>;

/**
 * The content as validated: stored content (parsed when it was saved), over
 * the defaults for fields the model gained later, with the column values.
 */
function contentOf(campaign: ValidatedColumns): TCampaignContent {
  return {
    ...EMPTY_CONTENT,
    ...campaign.content,
    title: campaign.title,
    valid_from: campaign.validFrom?.toISOString() ?? null,
    valid_until: campaign.validUntil?.toISOString() ?? null,
  };
}

function computeErrors(campaign: ValidatedColumns): StepError[] {
  return validateCampaign(contentOf(campaign), {
    type: campaign.type,
    hasImage: campaign.imagePath !== null,
  });
}

/**
 * The validation columns every write stores with the columns it sets, so that
 * reads never validate content (validation costs time proportional to the
 * content; lists would pay it for every row).
 */
export function validationColumns(campaign: ValidatedColumns): {
  validationErrors: StepError[];
  validationVersion: number;
} {
  return { validationErrors: computeErrors(campaign), validationVersion: VALIDATION_RULES_VERSION };
}

/**
 * Errors that depend on the campaign's codes (docs/product.md#campaigns: "unique code"
 * prizes need as many codes as their count): not stored with the content,
 * since codes change without a save; added to the envelope and checked at submit.
 */
export function codeErrors(campaign: ValidatedColumns, availableCodes: number): StepError[] {
  return prizeCodeErrors(campaign.type, contentOf(campaign), availableCodes);
}

/**
 * The stored errors; computed only for a row stored under older rules and not
 * yet refreshed (whose content every read carries, `summaryColumns`).
 */
export function campaignErrors(campaign: CampaignSummary): StepError[] {
  if (campaign.validationVersion === VALIDATION_RULES_VERSION) return campaign.validationErrors;
  if (!campaign.content)
    throw new Error(`campaign ${campaign.id}: stale validation read without content`);
  return computeErrors({ ...campaign, content: campaign.content });
}

function isUnfinished(campaign: CampaignSummary, errors: StepError[]): boolean {
  const allSaved = CAMPAIGN_STEPS.filter((step) => step !== 'review').every(
    (step) => campaign.stepsSaved[step],
  );
  return errors.length > 0 || !allSaved;
}

export function toCampaign(record: CampaignDetailRecord, frontendUrl: string): TCampaign {
  const { campaign, followups } = record;
  const {
    title: _title,
    valid_from: _from,
    valid_until: _until,
    ...content
  } = ZCampaignContent.parse(campaign.content);
  return {
    ...toCampaignRow(record, frontendUrl),
    ...content,
    images: campaign.imagePath ? [{ src: fileUrl(campaign.imagePath) }] : [],
    campaign_image_extension: campaign.imageExtension,
    parent: campaign.parentId,
    followups,
    created: campaign.createdAt.toISOString(),
    version: campaign.version,
  };
}

export function toEnvelope(
  record: CampaignDetailRecord,
  {
    access,
    frontendUrl,
    availableCodes,
  }: {
    access: MerchantAccess;
    frontendUrl: string;
    /** The campaign's available codes, when its prizes need some. */
    availableCodes?: number;
  },
): TCampaignEnvelope {
  const { campaign } = record;
  const errors = [
    ...campaignErrors(campaign),
    ...(availableCodes === undefined ? [] : codeErrors(campaign, availableCodes)),
  ];
  const merchant: TMerchantSummary = merchantSummary(access.merchant, access.roles);
  return {
    campaign: toCampaign(record, frontendUrl),
    state: {
      errors,
      submitted: Object.fromEntries(
        CAMPAIGN_STEPS.map((step) => [step, campaign.stepsSaved[step] === true]),
      ),
      is_unfinished: isUnfinished(campaign, errors),
    },
    allow_edit: isEditableStatus(campaign.status) && access.roles.includes('manage-campaigns'),
    merchant,
    coreg: coregOf(access.merchant),
  };
}
