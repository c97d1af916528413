/**
 * How the user picks the merchant to act for (docs/product.md#merchant-selection):
 * none (no merchant yet: create one), single (exactly one: take it),
 * select (a few: a paged table), autocomplete (many: filter and table).
 */
export const MERCHANT_SEARCH_TYPES = ['none', 'single', 'select', 'autocomplete'] as const;
export type MerchantSearchType = (typeof MERCHANT_SEARCH_TYPES)[number];

/** Above this many merchants the selection modal starts with a filter field. */
export const AUTOCOMPLETE_THRESHOLD = 10;

export function merchantSearchType(merchantCount: number): MerchantSearchType {
  if (merchantCount === 0) return 'none';
  if (merchantCount === 1) return 'single';
  if (merchantCount <= AUTOCOMPLETE_THRESHOLD) return 'select';
  return 'autocomplete';
}
