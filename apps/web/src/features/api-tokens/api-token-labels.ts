/**
 * The words of the API-Zugänge screen (docs/product.md#tokens-for-integrators):
 * a token's state, its access and the roles a new token may be given. Pure
 * functions over the domain's rules.
 */
import {
  ACCOUNT_ROLES,
  effectiveRoles,
  type AccountRole,
  type Actor,
  type TApiToken,
} from '@backoffice/domain';

/** How a token stands: usable, past its expiry, or revoked (revoked wins over expired). */
export type ApiTokenState = 'active' | 'expired' | 'revoked';

export function apiTokenState(
  token: Pick<TApiToken, 'expiresAt' | 'revokedAt'>,
  now: number = Date.now(),
): ApiTokenState {
  if (token.revokedAt !== null) return 'revoked';
  if (token.expiresAt !== null && Date.parse(token.expiresAt) <= now) return 'expired';
  return 'active';
}

export const API_TOKEN_STATE_COLOURS: Record<ApiTokenState, string> = {
  active: 'teal',
  expired: 'gray',
  revoked: 'red',
};

/**
 * The roles a new token may carry: those the user holds for the merchant
 * (admins and linked agencies every role), in the domain's order; the
 * server refuses any other.
 */
export function grantableRoles(
  actor: Actor,
  accountRoles: readonly AccountRole[] | undefined,
): AccountRole[] {
  const held = effectiveRoles(actor, accountRoles) ?? [];
  return ACCOUNT_ROLES.filter((role) => held.includes(role));
}
