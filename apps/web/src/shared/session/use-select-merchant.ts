/** Choosing a merchant in the selection modal: it becomes current and remembered, then the dashboard opens. */
import type { TMerchantSummary } from '@backoffice/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../paths';
import { setCurrentMerchant } from './session-store';

export function useSelectMerchant(): (merchant: TMerchantSummary) => void {
  const navigate = useNavigate();
  return useCallback(
    (merchant: TMerchantSummary) => {
      setCurrentMerchant(merchant);
      void navigate(paths.dashboard());
    },
    [navigate],
  );
}
