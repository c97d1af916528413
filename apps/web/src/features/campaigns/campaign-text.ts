/**
 * Small pure helpers of the campaign screens: the types a user may create.
 */
import {
  CAMPAIGN_TYPES,
  canUseCampaignType,
  type Actor,
  type CampaignType,
} from '@backoffice/domain';

/** The campaign types a user may create (tips only for admins and agencies, docs/product.md#roles-and-access). */
export function creatableTypes(actor: Actor): CampaignType[] {
  return CAMPAIGN_TYPES.filter((type) => canUseCampaignType(actor, type));
}
