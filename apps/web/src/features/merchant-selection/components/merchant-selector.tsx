/**
 * The selection modal wired to the session: open state, selection and
 * creation. The modal's code loads only when it opens for the first time.
 * A first choice keeps the page it was asked over when that page allows
 * (pathAfterChoice): a deep link the user signed in on survives it.
 */
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import {
  closeMerchantSelector,
  isChoosingMerchant,
  useSession,
} from '../../../shared/session/session-store';
import { useSelectMerchant } from '../../../shared/session/use-select-merchant';
import { pathAfterChoice } from '../merchant-decision';

const MerchantSelectModal = lazy(() =>
  import('./merchant-select-modal').then((module) => ({ default: module.MerchantSelectModal })),
);

export function MerchantSelector() {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const select = useSelectMerchant();
  if (session.selector === 'closed') return null;
  const firstChoice = isChoosingMerchant(session);
  return (
    <Suspense fallback={null}>
      <MerchantSelectModal
        opened
        closable={session.selector === 'closable'}
        searchType={session.searchType}
        currentMerchantId={session.merchant?.uuid}
        onClose={closeMerchantSelector}
        onSelect={(merchant) =>
          select(
            merchant,
            firstChoice
              ? pathAfterChoice(`${pathname}${search}${hash}`, merchant.uuid)
              : paths.dashboard(),
          )
        }
        onCreate={() => {
          closeMerchantSelector();
          void navigate(paths.merchant.create());
        }}
        onSignOut={() => void navigate(paths.oauth.logout())}
      />
    </Suspense>
  );
}
