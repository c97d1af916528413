/**
 * Which merchant a freshly signed-in user acts for
 * (docs/product.md#merchant-selection), as a pure decision so that it can be
 * tested without a browser.
 */
import type { TInitUserResponse, TMerchantSummary } from '@backoffice/domain';
import { merchantIdentOfPath, paths } from '../../shared/paths';

export type MerchantDecision =
  /** Act for this merchant right away. */
  | { kind: 'use'; merchant: TMerchantSummary }
  /** No merchant yet: go to merchant creation. */
  | { kind: 'create' }
  /** Several merchants: the non-closable selection modal opens. */
  | { kind: 'choose' };

/**
 * @param remembered the merchant remembered from an earlier session, when the
 *   server confirmed it is still linked with the account (else undefined)
 */
export function decideMerchant(
  init: TInitUserResponse,
  remembered: TMerchantSummary | undefined,
): MerchantDecision {
  const { searchtype, merchants } = init.merchantinfo;
  if (remembered) {
    // Prefer the fresh copy from /init-user (level and validity may have changed).
    const fresh = merchants.find((merchant) => merchant.uuid === remembered.uuid);
    return { kind: 'use', merchant: fresh ?? remembered };
  }
  switch (searchtype) {
    case 'none':
      return { kind: 'create' };
    case 'single': {
      const first = merchants[0];
      return first ? { kind: 'use', merchant: first } : { kind: 'create' };
    }
    case 'select':
    case 'autocomplete':
      return { kind: 'choose' };
  }
}

/**
 * Where the first choice of a merchant leads: a page that belongs
 * to no merchant (the admins' screens) or to the chosen one stays open, so a
 * deep link the user signed in on survives the choice; a page of another
 * merchant gives way to the dashboard, as choosing a merchant does (docs/product.md#merchant-selection),
 * and so does merchant creation, which the choice has answered.
 *
 * @param path the page the user is on, with its query and fragment
 */
export function pathAfterChoice(path: string, chosenMerchant: string): string {
  const { pathname } = new URL(path, 'http://app.invalid');
  if (pathname === paths.merchant.create()) return paths.dashboard();
  const owner = merchantIdentOfPath(pathname);
  return owner === undefined || owner === chosenMerchant ? path : paths.dashboard();
}
