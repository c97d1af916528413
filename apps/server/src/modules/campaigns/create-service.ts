/**
 * The campaigns module's service: its use cases bound to what they use
 * (deps.ts), built once by the app (services.ts) and handed to the routes.
 */
import {
  buildPager,
  type TCampaignListQuery,
  type TCampaignListResponse,
} from '@backoffice/domain';
import type { FastifyRequest } from 'fastify';
import type {
  CampaignAccess,
  MerchantAccess,
  UserRow,
} from '../../platform/access/merchant-access.js';
import { cloneCampaign, createFollowup } from './clone.js';
import type { CampaignDeps } from './deps.js';
import {
  editableImageAccess,
  removeCampaignImage,
  replaceCampaignImage,
  type CropRect,
} from './image.js';
import { linkOptions } from './links.js';
import { listCampaigns, type CampaignScope } from './queries.js';
import { reviewCampaign, reviewQueue } from './review.js';
import { envelopeOf, loadCampaign } from './answers.js';
import {
  createCampaign,
  deleteCampaign,
  listFollowups,
  saveCampaign,
  statusHistory,
  type CampaignChange,
  submitCampaign,
  toggleListable,
  unlinkFollowups,
} from './service.js';
import { toCampaignRow } from './view.js';

type ReviewTransition = Parameters<typeof reviewCampaign>[2]['transition'];

export function createCampaignService(deps: CampaignDeps) {
  const { db } = deps;
  return {
    async list(scope: CampaignScope, query: TCampaignListQuery): Promise<TCampaignListResponse> {
      const list = await listCampaigns(db, scope, query);
      return {
        rows: list.rows.map((record) => toCampaignRow(record, deps.frontendUrl)),
        pager: buildPager(query.page, list.total, {
          hasNext: list.hasNext,
          estimated: list.totalIsEstimate,
        }),
      };
    },
    create: (user: UserRow, body: { merchant: string; type: string }) =>
      createCampaign(deps, user, body),
    get: (user: UserRow, id: string, known?: CampaignAccess) =>
      envelopeOf(deps, user, { id, known }),
    save: (user: UserRow, change: CampaignChange) => saveCampaign(deps, user, change),
    submit: (user: UserRow, id: string) => submitCampaign(deps, user, id),
    clone: (user: UserRow, id: string) => cloneCampaign(deps, user, { sourceId: id }),
    toggleListable: (user: UserRow, id: string) => toggleListable(db, user, id),
    delete: (user: UserRow, id: string) => deleteCampaign(db, user, id),
    statusHistory: (user: UserRow, id: string) => statusHistory(db, user, id),
    async linkOptions(user: UserRow, id: string) {
      const { record } = await loadCampaign(db, user, { id });
      return linkOptions(db, user, record.campaign);
    },
    /** Checks the caller's access (read with the session) before an upload is read; it goes to replaceImage. */
    checkImageUpload: (found: CampaignAccess) => editableImageAccess(found),
    replaceImage: (
      user: UserRow,
      upload: {
        access: MerchantAccess;
        id: string;
        request: FastifyRequest;
        crop: CropRect | undefined;
      },
    ) => replaceCampaignImage(deps, user, upload),
    removeImage: (user: UserRow, id: string) => removeCampaignImage(deps, user, id),
    followups: (user: UserRow, id: string) => listFollowups(deps, user, id),
    unlinkFollowups: (user: UserRow, which: { id: string; followupId: string | undefined }) =>
      unlinkFollowups(deps, user, which),
    createFollowup: (user: UserRow, id: string) => createFollowup(deps, user, id),
    reviewQueue: (user: UserRow, page: number) => reviewQueue(deps, user, page),
    review: (
      user: UserRow,
      decision: { id: string; transition: ReviewTransition; reason: string | null },
    ) => reviewCampaign(deps, user, decision),
  };
}

export type CampaignService = ReturnType<typeof createCampaignService>;

/** What the campaign routes get: the service and the limits of their bodies. */
export interface CampaignRoutesOptions {
  campaigns: CampaignService;
  limits: {
    /** Every text of a campaign at its limit (bodyLimits(config).campaignSave). */
    campaignSave: number;
    /** config.files.imageMaxBytes */
    imageMaxBytes: number;
  };
}
