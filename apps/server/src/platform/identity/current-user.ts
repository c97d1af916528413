/** The user behind a verified token, as stored in the database. */
import type { FastifyRequest } from 'fastify';
import { claimsOf } from './authenticate.js';
import { forbidden } from '../errors.js';
import {
  requireMerchantAccess,
  type AccessNeed,
  type MerchantAccess,
} from '../access/merchant-access.js';
import type { UserRow } from '../users/users.js';

/**
 * The user the token speaks for, found by the bearer-token check (by session,
 * or by an external provider's issuer and subject). A user of an external
 * provider is bound by POST /init-user on the first visit; every other
 * endpoint refuses a valid token of a user that has not been bound.
 */
export async function currentUser(request: FastifyRequest): Promise<UserRow> {
  claimsOf(request);
  if (!request.user) throw forbidden();
  return request.user;
}

/**
 * The current user and their access to a merchant, checked against what the
 * action needs. A merchant the user may not act for answers 404, a missing
 * role or level 403.
 */
export async function currentUserWithMerchantAccess(
  request: FastifyRequest,
  merchantId: string,
  need: AccessNeed,
): Promise<{ user: UserRow; access: MerchantAccess }> {
  const user = await currentUser(request);
  const access = await requireMerchantAccess(request.server.ctx.db, user, { merchantId, ...need });
  return { user, access };
}
