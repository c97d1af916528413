/**
 * Rules about a merchant's accounts (docs/product.md#roles-and-access): the three-account limit below
 * silver, and that the last account managing accounts cannot go.
 */
import { MERCHANT_LEVELS } from '../user/levels.js';
import { MAX_ACCOUNTS_WITHOUT_SILVER, type AccountRole } from './roles.js';

/** The most accounts (pending invitations included) a merchant may have, or null for no limit. */
export const accountLimit = (merchantLevel: number): number | null =>
  merchantLevel >= MERCHANT_LEVELS.silver ? null : MAX_ACCOUNTS_WITHOUT_SILVER;

export function canAddAccount(merchantLevel: number, accountCount: number): boolean {
  const limit = accountLimit(merchantLevel);
  return limit === null || accountCount < limit;
}

/** True when changing one account to `nextRoles` (or removing it: null) leaves no account manager. */
export function leavesNoAccountManager(
  accounts: readonly { id: string; roles: readonly AccountRole[]; pending: boolean }[],
  accountId: string,
  nextRoles: readonly AccountRole[] | null,
): boolean {
  return !accounts.some((account) => {
    if (account.pending) return false;
    const roles = account.id === accountId ? nextRoles : account.roles;
    return roles !== null && roles.includes('manage-accounts');
  });
}
