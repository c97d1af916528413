/** Clones and follow-ups: copies of a campaign (with their own image file) in one transaction. */
import { randomUUID } from 'node:crypto';
import { canClone, canCreateFollowup, copyTitle, type TCampaignEnvelope } from '@backoffice/domain';
import { checkNeed, type UserRow } from '../../platform/access/merchant-access.js';
import type { CampaignDeps } from './deps.js';
import { copyCampaignImage, removeUnusedImage } from './image-files.js';
import { insertCampaign } from './records.js';
import { insertStatusHistory } from './status-records.js';
import { answer, loadCampaign } from './answers.js';
import { allStepsSaved } from './service.js';
import { validationColumns } from './view.js';

/**
 * Copies a campaign: new id, title marked as copy, status created, statistics
 * zeroed, its own copy of the image file (merchant level 1). A follow-up is a
 * copy linked to its source, with a runtime of its own.
 */
export async function cloneCampaign(
  deps: Pick<CampaignDeps, 'db' | 'files' | 'log' | 'frontendUrl'>,
  user: UserRow,
  { sourceId, parentId }: { sourceId: string; parentId?: string },
): Promise<TCampaignEnvelope> {
  const isFollowup = parentId !== undefined;
  const id = randomUUID();
  // The source is read without a lock: should its image be replaced between
  // the read and the copy (the old file then gone), it is read again.
  let loaded = await loadCampaign(deps.db, user, { id: sourceId });
  const { access } = loaded;
  checkNeed(access, { feature: isFollowup ? canCreateFollowup : canClone });
  let imagePath: string | null = null;
  for (let attempt = 1; ; attempt += 1) {
    const { campaign } = loaded.record;
    imagePath = await copyCampaignImage(deps, id, {
      path: campaign.imagePath,
      extension: campaign.imageExtension,
    });
    if (imagePath || !campaign.imagePath || attempt === 3) break;
    loaded = await loadCampaign(deps.db, user, { id: sourceId });
  }
  const source = loaded.record.campaign;
  const title = Object.fromEntries(
    Object.entries(source.title).map(([locale, text]) => [
      locale,
      isFollowup ? text : copyTitle(text),
    ]),
  );
  try {
    return await deps.db.transaction(async (tx) => {
      const columns = {
        type: source.type,
        title,
        content: { ...source.content, title },
        // A follow-up gets its own runtime; a clone keeps the source's.
        validFrom: isFollowup ? null : source.validFrom,
        validUntil: isFollowup ? null : source.validUntil,
        imagePath,
      };
      await insertCampaign(tx, {
        ...columns,
        ...validationColumns(columns),
        id,
        merchantId: source.merchantId,
        imageExtension: imagePath ? source.imageExtension : null,
        isListable: true,
        isClone: !isFollowup,
        stepsSaved: isFollowup ? {} : allStepsSaved(),
        parentId: parentId ?? null,
        editorId: user.id,
      });
      await insertStatusHistory(tx, {
        campaignId: id,
        toStatus: 'created',
        userId: user.id,
        reason: isFollowup ? `followup_of:${sourceId}` : `clone_of:${sourceId}`,
      });
      return answer({ db: tx, frontendUrl: deps.frontendUrl }, { access, id });
    });
  } catch (error) {
    if (imagePath) await removeUnusedImage(deps, imagePath, { exceptId: id });
    throw error;
  }
}

export const createFollowup = (
  deps: Pick<CampaignDeps, 'db' | 'files' | 'log' | 'frontendUrl'>,
  user: UserRow,
  id: string,
) => cloneCampaign(deps, user, { sourceId: id, parentId: id });
