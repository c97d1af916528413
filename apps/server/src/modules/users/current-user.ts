/** The user behind a verified token, as stored in the database. */
import type { FastifyRequest } from 'fastify';
import { claimsOf } from '../../http/authenticate.js';
import { hasRole, type AccountRole } from '@backoffice/domain';
import { forbidden, notFound } from '../../http/errors.js';
import { findUserWithMerchantAccess, type MerchantAccess } from '../merchants/access.js';
import type { UserRow } from './queries.js';

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
 * The current user and their access to a merchant with a role. A merchant
 * the user may not act for answers 404, a missing role 403.
 */
export async function currentUserWithMerchantAccess(
  request: FastifyRequest,
  merchantId: string,
  role: AccountRole,
): Promise<{ user: UserRow; access: MerchantAccess }> {
  const user = await currentUser(request);
  const found = await findUserWithMerchantAccess(request.server.ctx.db, user.email, merchantId);
  if (!found || found.user.id !== user.id) throw forbidden();
  if (!found.access) throw notFound();
  if (!hasRole(found.user, found.access.roles, role)) throw forbidden();
  return { user: found.user, access: found.access };
}
