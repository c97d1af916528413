/** Where a site-search hit leads: a campaign's page or a merchant's profile. */
import { CAMPAIGN_FAMILIES, type CampaignFamily } from '@backoffice/domain';
import { paths } from '../../shared/paths';
import type { TSiteSearchHit } from '@backoffice/domain';

function familyOf(type: string): CampaignFamily | undefined {
  const family = type.split('/')[0];
  return CAMPAIGN_FAMILIES.find((candidate) => candidate === family);
}

export function hitPath(hit: TSiteSearchHit): string | undefined {
  if (hit.type === 'merchant') return paths.merchant.edit({ merchantIdent: hit.ident });
  const family = familyOf(hit.type);
  if (family && hit.merchantIdent) {
    return paths.campaigns.detail(
      { merchantIdent: hit.merchantIdent, campaignIdent: hit.ident },
      family,
    );
  }
  return undefined;
}
