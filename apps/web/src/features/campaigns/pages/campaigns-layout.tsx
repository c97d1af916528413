/**
 * The campaign container route (/{merchantIdent}/campaigns/…): merchant and
 * campaign idents must be 36 hex digits or dashes (docs/product.md#screens-and-routes), otherwise
 * the 404 page shows.
 */
import { Outlet, useParams } from 'react-router';
import { isIdent } from '../../../shared/paths';
import { NotFoundPage } from '../../../shared/ui/not-found-page';

export function CampaignsLayout() {
  const { merchantIdent, campaignIdent } = useParams();
  if (!isIdent(merchantIdent)) return <NotFoundPage />;
  if (campaignIdent !== undefined && !isIdent(campaignIdent)) return <NotFoundPage />;
  return <Outlet />;
}

export { CampaignsLayout as Component };
