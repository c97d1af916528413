/**
 * The step routes of one campaign carry their family and step in the route
 * handle (set in app/router.tsx); the campaign page reads them from there.
 */
import type { CampaignFamily, CampaignStep } from '@backoffice/domain';
import { useMatches } from 'react-router';

export interface CampaignStepHandle {
  campaignFamily: CampaignFamily;
  campaignStep: CampaignStep;
}

function isStepHandle(handle: unknown): handle is CampaignStepHandle {
  if (typeof handle !== 'object' || handle === null) return false;
  return 'campaignFamily' in handle && 'campaignStep' in handle;
}

/** The family and step of the current route; benefit of the URL's family by default. */
export function useCampaignStepRoute(): CampaignStepHandle | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isStepHandle(handle)) return handle;
  }
  return undefined;
}
