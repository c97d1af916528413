/** Roles an account holds for one merchant (docs/product.md#accounts, docs/product.md#roles-and-access). */
export const ACCOUNT_ROLES = [
  'manage-merchant',
  'manage-campaigns',
  'manage-accounts',
  'contact',
] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** Accounts a merchant below the silver level may have (docs/product.md#roles-and-access, docs/product.md#limits). */
export const MAX_ACCOUNTS_WITHOUT_SILVER = 3;
