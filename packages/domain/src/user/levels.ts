/**
 * User levels and the merchant level they act with (docs/product.md#roles-and-access).
 * Admins act with level 10, agencies with level 5, everyone else with the
 * level of the merchant currently selected (0 when none).
 */
export const USER_LEVELS = ['admin', 'agency', 'other'] as const;
export type UserLevel = (typeof USER_LEVELS)[number];

export const ADMIN_MERCHANT_LEVEL = 10;
export const AGENCY_MERCHANT_LEVEL = 5;
export const DEFAULT_MERCHANT_LEVEL = 0;

/** Merchant levels a merchant can be on, with the names shown to users. */
export const MERCHANT_LEVELS = { basic: 0, silver: 1, gold: 2 } as const;
export type MerchantLevelName = keyof typeof MERCHANT_LEVELS;

/** The name of a merchant level, or undefined for a level that has no name (5, 10). */
export function merchantLevelName(level: number): MerchantLevelName | undefined {
  const entry = Object.entries(MERCHANT_LEVELS).find(([, value]) => value === level);
  return entry?.[0] as MerchantLevelName | undefined;
}

/** The lowest named merchant level above `level`, or undefined at the top. */
export function nextMerchantLevel(level: number): number | undefined {
  return Object.values(MERCHANT_LEVELS).find((candidate) => candidate > level);
}

/** The level a user acts with for the currently selected merchant. */
export function effectiveMerchantLevel(
  userLevel: UserLevel,
  merchantLevel: number | null | undefined,
): number {
  if (userLevel === 'admin') return ADMIN_MERCHANT_LEVEL;
  if (userLevel === 'agency') return AGENCY_MERCHANT_LEVEL;
  return merchantLevel ?? DEFAULT_MERCHANT_LEVEL;
}
