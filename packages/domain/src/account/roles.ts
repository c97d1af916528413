/** Roles an account holds for one merchant (spec §3 Account, §6). */
export const ACCOUNT_ROLES = [
  'manage-merchant',
  'manage-campaigns',
  'manage-accounts',
  'contact',
] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** Accounts a merchant below the silver level may have (spec §6, §9). */
export const MAX_ACCOUNTS_WITHOUT_SILVER = 3;
