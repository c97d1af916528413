/**
 * The selection modal wired to the session: open state, selection and
 * creation. The modal's code loads only when it opens for the first time.
 */
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { closeMerchantSelector, useSession } from '../../../shared/session/session-store';
import { useSelectMerchant } from '../../../shared/session/use-select-merchant';

const MerchantSelectModal = lazy(() =>
  import('./merchant-select-modal').then((module) => ({ default: module.MerchantSelectModal })),
);

export function MerchantSelector() {
  const session = useSession();
  const navigate = useNavigate();
  const select = useSelectMerchant();
  if (session.selector === 'closed') return null;
  return (
    <Suspense fallback={null}>
      <MerchantSelectModal
        opened
        closable={session.selector === 'closable'}
        searchType={session.searchType}
        currentMerchantId={session.merchant?.uuid}
        onClose={closeMerchantSelector}
        onSelect={select}
        onCreate={() => {
          closeMerchantSelector();
          void navigate(paths.merchant.create());
        }}
        onSignOut={() => void navigate(paths.oauth.logout())}
      />
    </Suspense>
  );
}
