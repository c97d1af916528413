/**
 * A merchant's validity as the shell's red bell shows it (docs/product.md#screens-and-routes "The shell"). Without
 * zod: the signed-in shell imports it, and its first load stays small.
 */

/**
 * Whether a merchant shows the red bell: an admin marked it invalid
 * (`is_valid`, the stored flag alone) or its data has errors. The two stay
 * apart in every answer, so that an admin's save never stores the errors'
 * verdict as the flag.
 */
export function isMerchantInvalid(merchant: {
  is_valid: boolean;
  errors: readonly string[];
}): boolean {
  return !merchant.is_valid || merchant.errors.length > 0;
}

/**
 * The error a merchant gets while no account has the contact role (docs/product.md#merchants),
 * in the spec's words: the answers carry it as text, and the web shows it in
 * the user's language.
 */
export const MERCHANT_ERROR_NO_CONTACT = 'Kein Ansprechpartner definiert!';

/** The reasons a merchant is invalid, computed from its data (shown beside the red bell). */
export function computeMerchantErrors(facts: { contactAccounts: number }): string[] {
  const errors: string[] = [];
  if (facts.contactAccounts === 0) errors.push(MERCHANT_ERROR_NO_CONTACT);
  return errors;
}
