/**
 * Choosing a merchant in the selection modal or the merchant list: it
 * becomes current and remembered, then the dashboard opens (docs/product.md#merchant-selection), or the
 * page the caller names (the page a first choice was asked over).
 */
import type { TMerchantSummary } from '@backoffice/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../paths';
import { setCurrentMerchant } from './session-store';

export function useSelectMerchant(): (merchant: TMerchantSummary, target?: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (merchant: TMerchantSummary, target: string = paths.dashboard()) => {
      setCurrentMerchant(merchant);
      // Also to the page that is open: its guards run again, now for the chosen merchant.
      void navigate(target, { replace: target !== paths.dashboard() });
    },
    [navigate],
  );
}
