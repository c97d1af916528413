/**
 * A merchant's validity as the shell's red bell shows it (spec §8). Without
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
